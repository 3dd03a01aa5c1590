package racepipe.distributed;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;

/**
 * One file shipped with the job as a Spark broadcast of its bytes (a class folder as a jar of
 * it), written once per executor machine under java.io.tmpdir in a folder named by its digest.
 * Not {@code SparkContext.addFile}: that goes through Hadoop's FileSystem, whose user lookup
 * (Subject.getSubject) JDK 23 and later refuse.
 */
final class Shipped implements Serializable {
    private static final long serialVersionUID = 1L;
    private final String name;
    private final String digest;
    private final String original;
    private final Broadcast<byte[]> bytes;

    private Shipped(String name, String digest, String original, Broadcast<byte[]> bytes) {
        this.name = name;
        this.digest = digest;
        this.original = original;
        this.bytes = bytes;
    }

    static Shipped of(JavaSparkContext sc, Path path) throws IOException {
        Path real = path.toAbsolutePath().normalize();
        boolean dir = Files.isDirectory(real);
        byte[] content = dir ? jarOf(real) : Files.readAllBytes(real);
        String name = real.getFileName() + (dir ? ".jar" : "");
        return new Shipped(name, digest(content), real.toString(), sc.broadcast(content));
    }

    /**
     * The file on this machine: the driver's own where it is the same file (local[N], or a
     * cluster on the driver's machine), else the broadcast's bytes written once.
     */
    Path local() {
        Path here = Path.of(original);
        try {
            if (Files.isRegularFile(here) && digest(Files.readAllBytes(here)).equals(digest)) {
                return here;
            }
            String user = System.getProperty("user.name", "user").replaceAll("[^A-Za-z0-9_.-]", "_");
            Path dir = Path.of(System.getProperty("java.io.tmpdir"), "racepipe-shipped-" + user, digest);
            Path target = dir.resolve(name);
            if (Files.isRegularFile(target)) {
                return target;
            }
            Files.createDirectories(dir);
            Path part = Files.createTempFile(dir, "part", ".tmp");
            Files.write(part, bytes.value());
            Files.move(part, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot place the shipped " + name + ": " + e.getMessage(), e);
        }
    }

    private static byte[] jarOf(Path dir) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JarOutputStream jar = new JarOutputStream(out); Stream<Path> all = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) all.filter(Files::isRegularFile).sorted()::iterator) {
                jar.putNextEntry(new JarEntry(dir.relativize(p).toString().replace('\\', '/')));
                jar.write(Files.readAllBytes(p));
                jar.closeEntry();
            }
        }
        return out.toByteArray();
    }

    private static String digest(byte[] content) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content), 0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
