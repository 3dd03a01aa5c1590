package racepipe.pipeline.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import racepipe.pipeline.input.UsageError;

/**
 * Where racepipe is installed: the launcher passes -Dracepipe.home. The agent jar is there under
 * lib/ in the distribution (bin/racepipe, lib/), or under dynamic-confirm/target/ in a built tree
 * (scripts/racepipe).
 */
public final class Home {
    static final List<String> AGENT = List.of("lib/racepipe-agent.jar", "dynamic-confirm/target/racepipe-agent.jar");

    private Home() {
    }

    public static Path root() {
        String home = System.getProperty("racepipe.home");
        return Path.of(home != null ? home : ".").toAbsolutePath().normalize();
    }

    public static Path agentJar() {
        Path root = root();
        for (String rel : AGENT) {
            Path jar = root.resolve(rel);
            if (Files.isRegularFile(jar)) {
                return jar;
            }
        }
        throw new UsageError("the agent jar is missing (no " + String.join(" or ", AGENT) + " in " + root
                + "): reinstall racepipe, or build with mvn -B package -DskipTests");
    }

    public static Path javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java");
    }
}
