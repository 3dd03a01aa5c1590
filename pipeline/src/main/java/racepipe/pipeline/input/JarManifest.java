package racepipe.pipeline.input;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.zip.ZipException;

/**
 * What a jar's manifest says about running it: its Main-Class and its Class-Path (space-separated
 * URLs relative to the jar's folder, as {@code java -jar} reads them). A class folder has neither.
 */
public record JarManifest(String mainClass, List<Path> classPath) {
    static final JarManifest NONE = new JarManifest(null, List.of());

    public static JarManifest of(Path jar) {
        if (!Files.isRegularFile(jar)) {
            return NONE;
        }
        Manifest m;
        try (JarFile f = new JarFile(jar.toFile())) {
            m = f.getManifest();
        } catch (ZipException e) {
            throw new UsageError("not a jar: " + jar + " (" + e.getMessage() + ")");
        } catch (IOException e) {
            throw new UsageError("cannot read " + jar + ": " + e.getMessage());
        }
        if (m == null) {
            return NONE;
        }
        Attributes a = m.getMainAttributes();
        String main = a.getValue(Attributes.Name.MAIN_CLASS);
        return new JarManifest(main == null || main.isBlank() ? null : main.strip(),
                classPath(jar, a.getValue(Attributes.Name.CLASS_PATH)));
    }

    /** The Class-Path entries that exist (the JVM skips the others too), as absolute paths. */
    static List<Path> classPath(Path jar, String value) {
        List<Path> out = new ArrayList<>();
        if (value == null) {
            return out;
        }
        Path dir = jar.toAbsolutePath().normalize().getParent();
        for (String entry : value.trim().split("\\s+")) {
            if (entry.isEmpty()) {
                continue;
            }
            Path p;
            try {
                URI uri = new URI(entry);
                p = uri.isAbsolute() ? ("file".equals(uri.getScheme()) ? Path.of(uri) : null) : dir.resolve(uri.getPath());
            } catch (URISyntaxException | IllegalArgumentException e) {
                p = null;
            }
            if (p != null && Files.exists(p)) {
                out.add(p.normalize());
            }
        }
        return out;
    }
}
