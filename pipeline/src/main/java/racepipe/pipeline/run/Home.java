package racepipe.pipeline.run;

import java.nio.file.Files;
import java.nio.file.Path;
import racepipe.pipeline.input.UsageError;

/** Where racepipe is installed: the launcher passes -Dracepipe.home; the agent jar lives there. */
public final class Home {
    private Home() {
    }

    public static Path root() {
        String home = System.getProperty("racepipe.home");
        return Path.of(home != null ? home : ".").toAbsolutePath().normalize();
    }

    public static Path agentJar() {
        Path jar = root().resolve("dynamic-confirm/target/racepipe-agent.jar");
        if (!Files.isRegularFile(jar)) {
            throw new UsageError("the agent jar is missing (" + jar + "): build with mvn -B package -DskipTests");
        }
        return jar;
    }

    public static Path javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java");
    }
}
