package racepipe.statics.internal.sootup;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import racepipe.statics.internal.JdkImage;

/**
 * The classes of the program's JDK's java.base module as one jar, made once per JDK (its version
 * and home: {@link JdkImage#version}) in the temp folder, from its jmods/ or its run-time image:
 * SootUp over the whole jrt image costs 45-60 s, over java.base 10-14 s.
 */
final class JavaBaseJar {
    private JavaBaseJar() {
    }

    static Path get(Path home) throws IOException {
        Path jar = Path.of(System.getProperty("java.io.tmpdir"), "racepipe-java.base-" + JdkImage.feature(home) + "-"
                + Integer.toHexString(JdkImage.version(home).hashCode()) + ".jar");
        if (Files.isRegularFile(jar)) {
            return jar;
        }
        Path tmp = Files.createTempFile(jar.getParent(), "racepipe-java.base", ".tmp");
        try {
            try (OutputStream os = Files.newOutputStream(tmp); ZipOutputStream zip = new ZipOutputStream(os)) {
                IOException[] failed = {null};
                JdkImage.classes(home, List.of("java.base"), cls -> true, (cls, bytes) -> {
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
            Files.move(tmp, jar, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
        return jar;
    }
}
