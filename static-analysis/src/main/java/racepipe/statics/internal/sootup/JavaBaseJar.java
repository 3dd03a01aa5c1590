package racepipe.statics.internal.sootup;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * The classes of the running JDK's java.base module as one jar, made once per JDK version in
 * the temp folder: SootUp over the whole jrt image costs 45-60 s, over java.base 10-14 s.
 */
final class JavaBaseJar {
    private JavaBaseJar() {
    }

    static Path get() throws IOException {
        Path jar = Path.of(System.getProperty("java.io.tmpdir"),
                "racepipe-java.base-" + System.getProperty("java.version") + ".jar");
        if (Files.isRegularFile(jar)) {
            return jar;
        }
        Path tmp = Files.createTempFile(jar.getParent(), "racepipe-java.base", ".tmp");
        FileSystem jrt = FileSystems.getFileSystem(URI.create("jrt:/"));
        Path root = jrt.getPath("/modules/java.base");
        try (OutputStream os = Files.newOutputStream(tmp); ZipOutputStream zip = new ZipOutputStream(os);
             Stream<Path> files = Files.walk(root)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                String name = root.relativize(f).toString();
                if (name.endsWith(".class") && !name.equals("module-info.class")) {
                    zip.putNextEntry(new ZipEntry(name));
                    zip.write(Files.readAllBytes(f));
                    zip.closeEntry();
                }
            }
        }
        Files.move(tmp, jar, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return jar;
    }
}
