package racepipe.pipeline.input;

import java.util.List;
import java.util.Set;

/**
 * The JVM options a user gives with --jvm-arg (e.g. {@code --add-opens=java.base/java.lang=ALL-UNNAMED},
 * which Mockito 1.x, PowerMock and Groovy need on JDK 17+). Each is one JVM option; what racepipe
 * sets itself (the class path, the main class, the agent) is refused with the option to use instead.
 */
public final class JvmArgs {
    private static final Set<String> CLASS_PATH = Set.of("-cp", "-classpath", "--class-path");
    /** The JVM options whose value may come as the next word ({@code --add-opens M/P=ALL-UNNAMED}). */
    private static final Set<String> TAKES_VALUE = Set.of("--add-opens", "--add-exports", "--add-reads", "--add-modules",
            "--module-path", "-p", "--upgrade-module-path", "--limit-modules", "--patch-module", "--enable-native-access");

    private JvmArgs() {
    }

    /** {@code args}, checked: a {@link UsageError} of one line for the first that is no JVM option racepipe can pass on. */
    public static List<String> check(List<String> args) {
        String previous = "";
        for (String a : args) {
            String name = a.contains("=") && a.startsWith("--") ? a.substring(0, a.indexOf('=')) : a;
            boolean value = TAKES_VALUE.contains(previous);
            previous = a;
            if (value) {
                continue;
            }
            if (!a.startsWith("-") || a.length() < 2) {
                throw new UsageError("--jvm-arg " + a + ": not a JVM option (each --jvm-arg is one option starting with '-',"
                        + " e.g. --jvm-arg=--add-opens=java.base/java.lang=ALL-UNNAMED)");
            }
            if (CLASS_PATH.contains(name)) {
                throw new UsageError("--jvm-arg " + a + ": give the program's class path with --cp PATH");
            }
            if (a.equals("-jar") || name.equals("--module") || a.equals("-m")) {
                throw new UsageError("--jvm-arg " + a + ": give the program as APP.jar and --entry CLASS");
            }
            if (a.startsWith("-javaagent:")) {
                throw new UsageError("--jvm-arg " + a + ": racepipe runs the program under its own agent; another agent is not supported");
            }
        }
        return List.copyOf(args);
    }
}
