package racepipe.statics.internal.wala;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/**
 * The JDK classes WALA analyses, kept between runs: once per JDK (version, vendor, home) and
 * exclusion list, the classes of every {@code jmods/*.jmod} that no exclusion names are copied
 * into one plain jar under the cache folder ({@code racepipe.cache}, else
 * {@code $XDG_CACHE_HOME/racepipe}, else {@code ~/.cache/racepipe}). Reading one jar of 2,600
 * classes replaces opening some 70 jmods and matching every entry against the exclusions. The
 * jar is written to a temporary file and moved into place, so two runs at once never read half
 * a jar. Anything that goes wrong (no home folder, a read-only disk) means no cache: WALA reads
 * the jmods as before.
 */
final class JdkCache {
    private JdkCache() {
    }

    /** The cached jar of the running JDK's classes outside {@code exclusions}, or null. */
    static Path jdkJar(String exclusions) {
        try {
            Path home = Path.of(System.getProperty("java.home"));
            Path jmods = home.resolve("jmods");
            if (!Files.isDirectory(jmods)) {
                return null;
            }
            String key = System.getProperty("java.vendor") + "|" + System.getProperty("java.runtime.version") + "|"
                    + home.toAbsolutePath() + "|" + exclusions;
            Path jar = folder().resolve("wala-jdk-" + System.getProperty("java.specification.version") + "-"
                    + digest(key) + ".jar");
            if (Files.isRegularFile(jar)) {
                return jar;
            }
            Files.createDirectories(jar.getParent());
            Path tmp = Files.createTempFile(jar.getParent(), "wala-jdk", ".tmp");
            try {
                write(jmods, exclusions, tmp);
                Files.move(tmp, jar, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                Files.deleteIfExists(tmp);
            }
            return jar;
        } catch (IOException | RuntimeException e) {
            return null;
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

    private static void write(Path jmods, String exclusions, Path out) throws IOException {
        Pattern excluded = Pattern.compile(String.join("|", exclusions.strip().split("\n")));
        try (OutputStream os = Files.newOutputStream(out); ZipOutputStream zip = new ZipOutputStream(os);
             DirectoryStream<Path> mods = Files.newDirectoryStream(jmods, "*.jmod")) {
            zip.setLevel(1);
            for (Path mod : mods) {
                try (ZipFile z = new ZipFile(mod.toFile())) {
                    for (var it = z.entries(); it.hasMoreElements(); ) {
                        ZipEntry e = it.nextElement();
                        String n = e.getName();
                        if (!n.startsWith("classes/") || !n.endsWith(".class") || n.endsWith("module-info.class")) {
                            continue;
                        }
                        String cls = n.substring("classes/".length(), n.length() - ".class".length());
                        if (excluded.matcher(cls).matches()) {
                            continue;
                        }
                        zip.putNextEntry(new ZipEntry(cls + ".class"));
                        try (var in = z.getInputStream(e)) {
                            in.transferTo(zip);
                        }
                        zip.closeEntry();
                    }
                }
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
