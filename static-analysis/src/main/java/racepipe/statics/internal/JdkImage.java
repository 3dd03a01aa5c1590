package racepipe.statics.internal;

import java.io.IOException;
import java.net.URI;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.BiConsumer;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import racepipe.statics.StaticInputError;

/**
 * The classes of one JDK, however it ships them: its {@code jmods/*.jmod} when it has that
 * folder, else its run-time image ({@code lib/modules}) through the {@code jrt:} file system
 * (JDK 24+ builds often ship without {@code jmods/}, JEP 493). The running JDK's image is the
 * JVM's own {@code jrt:/}; another JDK's is opened with its {@code lib/jrt-fs.jar}, which needs
 * a running JVM at least as new as that JDK: said in one line when it is not. The JDK's identity
 * ({@link #version}) is its {@code release} file, so caches made from it are keyed by the JDK
 * they came from, not by the JVM that made them.
 */
public final class JdkImage {
    private JdkImage() {
    }

    /** Vendor, version and home of the JDK at {@code home}: a key for whatever is made from its classes. */
    public static String version(Path home) {
        Properties release = release(home);
        String v = release.getProperty("JAVA_RUNTIME_VERSION", release.getProperty("JAVA_VERSION", ""));
        return release.getProperty("IMPLEMENTOR", "") + "|" + v + "|" + home.toAbsolutePath().normalize();
    }

    /** The JDK's feature release (17, 21, 25), from its {@code release} file. */
    public static int feature(Path home) {
        String v = release(home).getProperty("JAVA_VERSION", "");
        try {
            return Integer.parseInt(v.split("[.+-]")[0]);
        } catch (NumberFormatException e) {
            return isRunning(home) ? Runtime.version().feature() : 0;
        }
    }

    private static Properties release(Path home) {
        Properties p = new Properties();
        try (var in = Files.newInputStream(home.resolve("release"))) {
            p.load(in);
        } catch (IOException e) {
            if (isRunning(home)) {
                p.setProperty("IMPLEMENTOR", System.getProperty("java.vendor"));
                p.setProperty("JAVA_VERSION", String.valueOf(Runtime.version().feature()));
                p.setProperty("JAVA_RUNTIME_VERSION", System.getProperty("java.runtime.version"));
            }
        }
        p.replaceAll((k, v) -> v.toString().replace("\"", ""));
        return p;
    }

    private static boolean isRunning(Path home) {
        try {
            return Files.isSameFile(home, Path.of(System.getProperty("java.home")));
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Every class of the JDK at {@code home} whose module is in {@code modules} (all when null),
     * as (internal name, class file bytes); module-info classes are left out. {@code wanted}
     * filters by internal name before the bytes are read.
     */
    public static void classes(Path home, List<String> modules, java.util.function.Predicate<String> wanted,
                               BiConsumer<String, byte[]> out) throws IOException {
        Path jmods = home.resolve("jmods");
        if (Files.isDirectory(jmods)) {
            try (DirectoryStream<Path> mods = Files.newDirectoryStream(jmods, "*.jmod")) {
                List<Path> sorted = new ArrayList<>();
                mods.forEach(sorted::add);
                sorted.sort(null);
                for (Path mod : sorted) {
                    String name = mod.getFileName().toString().replaceFirst("\\.jmod$", "");
                    if (modules != null && !modules.contains(name)) {
                        continue;
                    }
                    try (ZipFile z = new ZipFile(mod.toFile())) {
                        for (var it = z.entries(); it.hasMoreElements(); ) {
                            ZipEntry e = it.nextElement();
                            String n = e.getName();
                            if (!n.startsWith("classes/") || !n.endsWith(".class") || n.endsWith("module-info.class")) {
                                continue;
                            }
                            String cls = n.substring("classes/".length(), n.length() - ".class".length());
                            if (wanted.test(cls)) {
                                try (var in = z.getInputStream(e)) {
                                    out.accept(cls, in.readAllBytes());
                                }
                            }
                        }
                    }
                }
            }
            return;
        }
        FileSystem jrt = image(home);
        try {
            Path root = jrt.getPath("/modules");
            List<Path> mods = new ArrayList<>();
            try (DirectoryStream<Path> ds = Files.newDirectoryStream(root)) {
                ds.forEach(mods::add);
            }
            mods.sort(null);
            for (Path mod : mods) {
                if (modules != null && !modules.contains(mod.getFileName().toString())) {
                    continue;
                }
                try (Stream<Path> files = Files.walk(mod)) {
                    for (Path f : (Iterable<Path>) files.sorted()::iterator) {
                        String n = mod.relativize(f).toString();
                        if (!n.endsWith(".class") || n.equals("module-info.class")) {
                            continue;
                        }
                        String cls = n.substring(0, n.length() - ".class".length());
                        if (wanted.test(cls)) {
                            out.accept(cls, Files.readAllBytes(f));
                        }
                    }
                }
            }
        } finally {
            if (!isRunning(home)) {
                jrt.close();
            }
        }
    }

    /** The {@code jrt:} file system of the JDK at {@code home}. */
    private static FileSystem image(Path home) throws IOException {
        if (!Files.isRegularFile(home.resolve("lib").resolve("modules"))) {
            throw new StaticInputError("no JDK classes in " + home + ": neither jmods/ nor lib/modules (give a JDK 17 or newer)");
        }
        if (isRunning(home)) {
            return FileSystems.getFileSystem(URI.create("jrt:/"));
        }
        int feature = feature(home);
        if (feature > Runtime.version().feature()) {
            throw new StaticInputError("cannot read the classes of the JDK " + feature + " in " + home
                    + " from Java " + Runtime.version().feature() + ": run racepipe itself on Java " + feature
                    + " or newer (JAVA_HOME)");
        }
        try {
            return FileSystems.newFileSystem(URI.create("jrt:/"), Map.of("java.home", home.toString()));
        } catch (IOException | RuntimeException | UnsupportedClassVersionError e) {
            throw new StaticInputError("cannot open the run-time image of the JDK in " + home + ": " + e);
        }
    }
}
