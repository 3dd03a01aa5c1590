package racepipe.dynamic.run;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import racepipe.dynamic.runtime.Control;
import racepipe.dynamic.runtime.Outcome;

/**
 * Entry point of a Phase 1 run in its own JVM: runs the program's main under the agent, waits
 * for its threads, and writes the detectors' pairs and the outcome to the result file.
 * Usage: DetectMain RESULT_FILE ENTRY_CLASS [args...]
 */
public final class DetectMain {
    private DetectMain() {
    }

    public static void main(String[] argv) throws Exception {
        Path result = Path.of(argv[0]);
        String entry = argv[1];
        String[] args = Arrays.copyOfRange(argv, 2, argv.length);
        Control.registerCurrentThread();
        Thread.setDefaultUncaughtExceptionHandler((t, e) -> {
            Outcome.uncaught(t, e);
            System.err.println("Exception in thread \"" + t.getName() + "\" " + e);
        });
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            if (Outcome.exitStatus() != null) {
                Control.writeResults(result, header());
            }
        }, "racepipe-exit"));
        try {
            Method main = Class.forName(entry, true, ClassLoader.getSystemClassLoader())
                    .getMethod("main", String[].class);
            main.invoke(null, (Object) args);
        } catch (InvocationTargetException e) {
            Outcome.uncaught(Thread.currentThread(), e.getCause());
            System.err.println("Exception in thread \"main\" " + e.getCause());
        }
        waitForThreads();
        Control.writeResults(result, header());
        System.out.flush();
        Runtime.getRuntime().halt(0);
    }

    /** Joins every live non-daemon thread the program left behind (as the JVM would). */
    private static void waitForThreads() throws InterruptedException {
        while (true) {
            List<Thread> live = new ArrayList<>();
            for (Thread t : Thread.getAllStackTraces().keySet()) {
                if (t != Thread.currentThread() && !t.isDaemon() && t.isAlive() && !t.getName().equals("DestroyJavaVM")) {
                    live.add(t);
                }
            }
            if (live.isEmpty()) {
                return;
            }
            for (Thread t : live) {
                t.join();
            }
        }
    }

    private static List<String> header() {
        List<String> h = new ArrayList<>();
        Integer exit = Outcome.exitStatus();
        List<Outcome.Uncaught> uncaught = Outcome.uncaught();
        h.add("outcome\t" + (exit != null ? "exit" : uncaught.isEmpty() ? "ok" : "exception"));
        if (exit != null) {
            h.add("exit\t" + exit);
        }
        for (Outcome.Uncaught u : uncaught) {
            h.add("exception\t" + clean(u.thread()) + "\t" + u.type() + "\t" + clean(u.message()) + "\t" + clean(u.stack()));
        }
        return h;
    }

    private static String clean(String s) {
        return s == null ? "" : s.replace('\t', ' ').replace('\n', ' ');
    }
}
