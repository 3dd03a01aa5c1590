package racepipe.statics.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.HashSet;
import java.util.Set;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import racepipe.statics.AnalysisInput;
import racepipe.statics.StaticInputError;

/**
 * The classes of the program's dependencies (internal names, {@code shoplib/Inventory}): those in
 * {@link AnalysisInput#dependencies()} that no earlier application path already has (the class
 * loader takes the first). Read from the jars' and folders' listings, without loading anything.
 */
public final class DependencyClasses {
    private DependencyClasses() {
    }

    public static Set<String> of(AnalysisInput in) {
        if (in.dependencies().isEmpty()) {
            return Set.of();
        }
        Set<Path> deps = new HashSet<>();
        in.dependencies().forEach(d -> deps.add(d.toAbsolutePath().normalize()));
        Set<String> seen = new HashSet<>();
        Set<String> out = new HashSet<>();
        for (Path p : in.application()) {
            boolean dependency = deps.contains(p.toAbsolutePath().normalize());
            for (String c : classes(p)) {
                if (seen.add(c) && dependency) {
                    out.add(c);
                }
            }
        }
        return Set.copyOf(out);
    }

    private static Set<String> classes(Path p) {
        Set<String> out = new HashSet<>();
        try {
            if (Files.isDirectory(p)) {
                try (Stream<Path> files = Files.walk(p)) {
                    files.map(f -> p.relativize(f).toString().replace('\\', '/')).forEach(n -> add(n, out));
                }
            } else {
                try (ZipFile z = new ZipFile(p.toFile())) {
                    for (Enumeration<? extends ZipEntry> e = z.entries(); e.hasMoreElements(); ) {
                        add(e.nextElement().getName(), out);
                    }
                }
            }
        } catch (IOException e) {
            throw new StaticInputError("cannot read " + p + ": " + e.getMessage());
        }
        return out;
    }

    private static void add(String entry, Set<String> out) {
        if (entry.endsWith(".class") && !entry.startsWith("META-INF/")) {
            out.add(entry.substring(0, entry.length() - ".class".length()));
        }
    }
}
