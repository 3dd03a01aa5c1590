package racepipe.junit5.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarOutputStream;
import java.util.zip.ZipEntry;
import java.util.stream.Stream;

/**
 * The program's jar for a @RaceTest: the test's class folders (test and main classes, the first
 * holder of a name wins, as on the class path) and the launcher class. Entries are sorted and
 * undated, so the same classes give the same jar digest.
 */
public final class AppJar {
    private static final FileTime EPOCH = FileTime.fromMillis(0);

    private AppJar() {
    }

    /** Writes the jar; returns the internal names of the program's classes (the launcher's too). */
    public static Set<String> write(Path jar, List<Path> folders, String launcher, byte[] launcherClass) throws IOException {
        Files.createDirectories(jar.toAbsolutePath().getParent());
        Set<String> seen = new HashSet<>();
        Set<String> classes = new TreeSet<>();
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out)) {
            String name = launcher.replace('.', '/') + ".class";
            put(j, name, launcherClass);
            seen.add(name);
            for (Path dir : folders) {
                List<Path> files;
                try (Stream<Path> s = Files.walk(dir)) {
                    files = s.filter(Files::isRegularFile).sorted().toList();
                }
                for (Path f : files) {
                    String entry = dir.relativize(f).toString().replace('\\', '/');
                    if (entry.startsWith("META-INF/MANIFEST.MF") || !seen.add(entry)) {
                        continue;
                    }
                    put(j, entry, Files.readAllBytes(f));
                }
            }
        }
        for (String e : seen) {
            if (e.endsWith(".class") && !e.startsWith("META-INF/")) {
                classes.add(e.substring(0, e.length() - ".class".length()));
            }
        }
        return classes;
    }

    private static void put(JarOutputStream j, String name, byte[] bytes) throws IOException {
        ZipEntry e = new ZipEntry(name);
        e.setLastModifiedTime(EPOCH);
        j.putNextEntry(e);
        j.write(bytes);
        j.closeEntry();
    }
}
