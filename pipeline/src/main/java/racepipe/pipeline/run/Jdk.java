package racepipe.pipeline.run;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import racepipe.pipeline.input.UsageError;

/**
 * The JDK the program runs on: the one racepipe runs on (its {@code java.home}, set by
 * JAVA_HOME in the launcher), or {@code --jdk HOME}. Child JVMs start from its {@code bin/java}
 * and the static engines read its classes; its feature release (17, 21, 25) is what the
 * program's class files may need at most.
 */
public final class Jdk {
    private static volatile Path chosen;

    private Jdk() {
    }

    /** {@code home} null: the running JDK. A home without bin/java is a usage error. */
    public static void use(Path home) {
        if (home == null) {
            chosen = null;
            return;
        }
        Path h = home.toAbsolutePath().normalize();
        if (!Files.isExecutable(h.resolve("bin").resolve("java"))) {
            throw new UsageError("--jdk " + home + " is not a JDK: it has no bin/java");
        }
        int f = feature(h);
        if (f > 0 && f < 17) {
            throw new UsageError("--jdk " + home + " is Java " + f + ": racepipe needs a JDK 17 or newer");
        }
        chosen = h;
    }

    public static Path home() {
        Path c = chosen;
        return c != null ? c : Path.of(System.getProperty("java.home"));
    }

    /** True when --jdk named a JDK (printed commands then name it too). */
    public static boolean chosen() {
        return chosen != null;
    }

    public static int feature() {
        return feature(home());
    }

    /** The feature release from the JDK's {@code release} file; the running JVM's when it is that JDK. */
    static int feature(Path home) {
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(home.resolve("release"))) {
            p.load(in);
            String v = p.getProperty("JAVA_VERSION", "").replace("\"", "");
            return Integer.parseInt(v.split("[.+-]")[0]);
        } catch (IOException | NumberFormatException e) {
            return home.equals(Path.of(System.getProperty("java.home"))) ? Runtime.version().feature() : 0;
        }
    }
}
