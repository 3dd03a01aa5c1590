package racepipe.statics.internal;

import java.io.IOException;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import racepipe.statics.AnalysisInput;

/**
 * The class path as the JVM reads it: each jar's manifest {@code Class-Path} entries (relative to
 * the jar's folder) are searched right after it, those that do not exist are skipped (and noted
 * here, where the JVM is silent). Entries a manifest adds are library code, like --cp. Derby's
 * jars name {@code derbyLocale_*.jar} files that are rarely there: WALA's own class path reader
 * threw on them.
 */
public final class ClassPathEntries {
    /** The input with the manifests' entries added, and what was skipped ("x.jar (named in y.jar's manifest)"). */
    public record Expanded(AnalysisInput input, List<String> skipped) {
    }

    private ClassPathEntries() {
    }

    public static Expanded of(AnalysisInput in) {
        Set<Path> seen = new LinkedHashSet<>();
        List<Path> app = new ArrayList<>();
        Set<Path> deps = new LinkedHashSet<>();
        in.dependencies().forEach(d -> deps.add(d.toAbsolutePath().normalize()));
        List<String> skipped = new ArrayList<>();
        for (Path p : in.application()) {
            add(p, false, seen, app, deps, skipped);
        }
        List<Path> dependencies = app.stream().filter(p -> deps.contains(p.toAbsolutePath().normalize())).toList();
        return new Expanded(new AnalysisInput(app, in.entryClass(), in.javaHome(), dependencies), List.copyOf(skipped));
    }

    private static void add(Path p, boolean fromManifest, Set<Path> seen, List<Path> app, Set<Path> deps, List<String> skipped) {
        Path key = p.toAbsolutePath().normalize();
        if (!seen.add(key)) {
            return; // the class loader searches a path once, where it first came
        }
        app.add(p);
        if (fromManifest) {
            deps.add(key);
        }
        if (!Files.isRegularFile(p)) {
            return; // folders have no manifest; a missing path the user gave is InputCheck's to report
        }
        for (String entry : manifestEntries(p)) {
            Path next = resolve(p, entry);
            if (next == null || !Files.exists(next)) {
                skipped.add(entry + " (named in " + p.getFileName() + "'s manifest)");
            } else {
                add(next, true, seen, app, deps, skipped);
            }
        }
    }

    /** The Class-Path attribute's entries, or none (also for a jar whose manifest cannot be read: the JVM ignores it too). */
    static List<String> manifestEntries(Path jar) {
        try (JarFile j = new JarFile(jar.toFile(), false)) {
            Manifest m = j.getManifest();
            String cp = m == null ? null : m.getMainAttributes().getValue("Class-Path");
            if (cp == null || cp.isBlank()) {
                return List.of();
            }
            return List.of(cp.trim().split("\\s+"));
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }

    /** A manifest entry is a URL relative to the jar's folder (or an absolute file: URL); null when it is neither. */
    static Path resolve(Path jar, String entry) {
        try {
            if (entry.startsWith("file:")) {
                return Path.of(URI.create(entry));
            }
            if (entry.contains(":")) {
                return null; // http: and the like: nothing the engines can read
            }
            Path dir = jar.toAbsolutePath().getParent();
            return dir.resolve(URLDecoder.decode(entry.replace("+", "%2B"), StandardCharsets.UTF_8)).normalize();
        } catch (IllegalArgumentException e) { // also InvalidPathException
            return null;
        }
    }
}
