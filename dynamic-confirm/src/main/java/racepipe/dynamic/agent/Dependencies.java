package racepipe.dynamic.agent;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.List;

/**
 * The program's dependencies (agent option {@code deps=PATH:PATH}, the --cp jars and class
 * folders): their classes are library code, whose accesses count at the application's call
 * into them. A class is told by where it was loaded from: its ProtectionDomain's code source,
 * or for a class not loaded yet, the URL its loader finds the class file at. Without the option
 * nothing is a dependency (every class not the JDK's is the application's, as before).
 */
final class Dependencies {
    static final Dependencies NONE = new Dependencies(List.of());

    /** A dependency's path, as given (absolute) or as the JVM may name it (real); a folder of classes or a jar. */
    private record Root(Path path, boolean folder) {
    }

    private final List<Root> roots;

    private Dependencies(List<Root> roots) {
        this.roots = roots;
    }

    /** From the option's value: paths joined by the platform's separator; null or empty: none. */
    static Dependencies of(String paths) {
        if (paths == null || paths.isBlank()) {
            return NONE;
        }
        List<Root> roots = new ArrayList<>();
        for (String p : paths.split(File.pathSeparator)) {
            if (p.isBlank()) {
                continue;
            }
            Path abs = Path.of(p).toAbsolutePath().normalize();
            boolean folder = Files.isDirectory(abs);
            roots.add(new Root(abs, folder));
            try {
                Path real = abs.toRealPath();
                if (!real.equals(abs)) {
                    roots.add(new Root(real, folder)); // the JVM's class path names canonical files
                }
            } catch (IOException e) {
                // missing: the program cannot load from it anyway
            }
        }
        return new Dependencies(List.copyOf(roots));
    }

    boolean any() {
        return !roots.isEmpty();
    }

    /** The class of this protection domain was loaded from a dependency. */
    boolean contains(ProtectionDomain pd) {
        if (roots.isEmpty() || pd == null) {
            return false;
        }
        CodeSource cs = pd.getCodeSource();
        return cs != null && contains(cs.getLocation());
    }

    /**
     * A code source location ({@code file:/x/dep.jar}, {@code file:/x/classes/}) or a class file's
     * URL ({@code jar:file:/x/dep.jar!/a/B.class}, {@code file:/x/classes/a/B.class}) is in a dependency.
     */
    boolean contains(URL url) {
        if (roots.isEmpty() || url == null) {
            return false;
        }
        String s = url.toString();
        if (s.startsWith("jar:")) {
            int bang = s.indexOf("!/");
            s = bang < 0 ? s.substring(4) : s.substring(4, bang);
        }
        if (!s.startsWith("file:")) {
            return false;
        }
        Path p;
        try {
            p = Path.of(new java.net.URI(s)).toAbsolutePath().normalize();
        } catch (URISyntaxException | IllegalArgumentException e) {
            return false;
        }
        for (Root r : roots) {
            // a jar is one file; a class folder holds its classes (but not a jar that happens to lie in it)
            if (p.equals(r.path()) || (r.folder() && p.startsWith(r.path()) && !p.toString().endsWith(".jar"))) {
                return true;
            }
        }
        return false;
    }
}
