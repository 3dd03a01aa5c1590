package racepipe.junit5;

import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.TreeSet;

/**
 * Called by a @RaceTest's launcher inside the analysed JVM (not by tests): in a Phase 1 run it
 * writes, into the folder the launcher's first argument names, whether the agent is attached and
 * which classes it has instrumented accesses in, so the extension can fail a test that ran
 * without instrumentation instead of passing it. Uses only JDK types and reflection: the agent's
 * classes are on the boot class path, not this jar's class loader.
 */
public final class Probe {
    private Probe() {
    }

    public static void started(String[] args, Class<?> test) {
        write(args, "started");
    }

    public static void finished(String[] args) {
        write(args, "finished");
    }

    private static void write(String[] args, String kind) {
        if (args == null || args.length == 0) {
            return;
        }
        String text = state();
        if (text == null) {
            return; // a Phase 2 trial: only two sites are instrumented there, Phase 1 already told
        }
        try {
            Path dir = Path.of(args[0]);
            Files.createDirectories(dir);
            Files.writeString(dir.resolve(kind + "-" + ProcessHandle.current().pid() + "-" + System.nanoTime() + ".txt"), text);
        } catch (IOException | RuntimeException e) {
            System.err.println("racepipe: the @RaceTest probe could not write to " + args[0] + ": " + e);
        }
    }

    /** "agent N" and the owners of the N registered sites, one a line; "no agent"; null in a Phase 2 trial. */
    static String state() {
        ClassLoader system = ClassLoader.getSystemClassLoader();
        try {
            Class<?> control = Class.forName("racepipe.dynamic.runtime.Control", false, system);
            String options = String.valueOf(control.getMethod("agentOptions").invoke(null));
            if (options.contains("sites=")) {
                return null;
            }
            Class<?> sites = Class.forName("racepipe.dynamic.runtime.Sites", false, system);
            int n = (Integer) sites.getMethod("count").invoke(null);
            Method get = sites.getMethod("get", int.class);
            TreeSet<String> owners = new TreeSet<>();
            for (int i = 0; i < n; i++) {
                Object site = get.invoke(null, i);
                owners.add(String.valueOf(site.getClass().getField("owner").get(site)));
            }
            return "agent " + n + "\n" + String.join("\n", owners) + "\n";
        } catch (ClassNotFoundException e) {
            return "no agent\n";
        } catch (ReflectiveOperationException | RuntimeException e) {
            return "agent ?\n" + e + "\n";
        }
    }
}
