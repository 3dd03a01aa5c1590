package racepipe.statics.internal.wala;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.regex.Pattern;
import racepipe.statics.internal.JdkImage;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * The JDK classes WALA analyses, kept between runs: once per JDK (vendor, version and home, from
 * its {@code release} file: the JDK the program runs on, not necessarily the one racepipe runs
 * on) and exclusion list, the classes that no exclusion names are copied into one plain jar
 * under the cache folder ({@code racepipe.cache}, else {@code $XDG_CACHE_HOME/racepipe}, else
 * {@code ~/.cache/racepipe}). They come from the JDK's {@code jmods/} or, where it has none (most
 * JDK 24+ builds), from its run-time image through {@code jrt:} ({@link JdkImage}). Reading one
 * jar of 2,600 classes replaces opening some 70 modules and matching every entry against the
 * exclusions. The jar is written to a temporary file and moved into place, so two runs at once
 * never read half a jar. Where the cache cannot be written (no home folder, a read-only disk)
 * the jar goes to a temporary file for this run only.
 */
final class JdkCache {
    private JdkCache() {
    }

    /** The jar of the classes of the JDK at {@code home} outside {@code exclusions}. */
    static Path jdkJar(Path home, String exclusions) throws IOException {
        String key = JdkImage.version(home) + "|" + exclusions;
        try {
            Path jar = folder().resolve("wala-jdk-" + JdkImage.feature(home) + "-" + digest(key) + ".jar");
            if (Files.isRegularFile(jar)) {
                return jar;
            }
            Files.createDirectories(jar.getParent());
            Path tmp = Files.createTempFile(jar.getParent(), "wala-jdk", ".tmp");
            try {
                write(home, exclusions, tmp);
                Files.move(tmp, jar, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                Files.deleteIfExists(tmp);
            }
            return jar;
        } catch (IOException | SecurityException | UnsupportedOperationException e) {
            Path tmp = Files.createTempFile("racepipe-wala-jdk", ".jar");
            tmp.toFile().deleteOnExit();
            write(home, exclusions, tmp);
            return tmp;
        }
    }

    static Path folder() {
        String own = System.getProperty("racepipe.cache");
        if (own != null && !own.isBlank()) {
            return Path.of(own);
        }
        String xdg = System.getenv("XDG_CACHE_HOME");
        if (xdg != null && !xdg.isBlank()) {
            return Path.of(xdg, "racepipe");
        }
        return Path.of(System.getProperty("user.home"), ".cache", "racepipe");
    }

    private static void write(Path home, String exclusions, Path out) throws IOException {
        Pattern excluded = Pattern.compile(String.join("|", exclusions.strip().split("\n")));
        try (OutputStream os = Files.newOutputStream(out); ZipOutputStream zip = new ZipOutputStream(os)) {
            zip.setLevel(1);
            IOException[] failed = {null};
            JdkImage.classes(home, null, cls -> !excluded.matcher(cls).matches(), (cls, bytes) -> {
                try {
                    zip.putNextEntry(new ZipEntry(cls + ".class"));
                    zip.write(bytes);
                    zip.closeEntry();
                } catch (IOException e) {
                    failed[0] = e;
                }
            });
            if (failed[0] != null) {
                throw failed[0];
            }
        }
    }

    private static String digest(String s) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
