package racepipe.dynamic.run;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import racepipe.dynamic.agent.AgentOptions;
import racepipe.dynamic.runtime.Control;
import racepipe.dynamic.runtime.ProgramEnd;
import racepipe.dynamic.sched.Scheduler;

/**
 * Entry point of a Phase 1 run in its own JVM: runs the program's main under the agent, waits
 * for its threads, and writes the detectors' pairs and the outcome to the result file.
 * Usage: DetectMain RESULT_FILE ENTRY_CLASS [args...]
 */
public final class DetectMain {
    /** The run's seeded scheduler; null: the JVM schedules. */
    private static volatile Scheduler scheduler;

    private DetectMain() {
    }

    public static void main(String[] argv) throws Exception {
        Path result = Path.of(argv[0]);
        String entry = argv[1];
        String[] args = Arrays.copyOfRange(argv, 2, argv.length);
        Control.registerCurrentThread();
        AgentOptions options = new AgentOptions(Control.agentOptions());
        String seed = options.get("seed", null);
        if (seed != null) {
            Scheduler scheduler = new Scheduler(Long.parseLong(seed), null, false, () -> {
                Control.writeResults(result, header());
                Runtime.getRuntime().halt(0);
            });
            scheduler.adoptCurrentThread();
            Control.schedule(scheduler);
            DetectMain.scheduler = scheduler;
            new Watchdog(() -> scheduler, Long.parseLong(options.get("watchdog", "20"))).start();
        }
        Thread.setDefaultUncaughtExceptionHandler((t, e) -> {
            ProgramEnd.uncaught(t, e);
            System.err.println("Exception in thread \"" + t.getName() + "\" " + e);
        });
        // System.exit or a kill for time: write what the detectors found so far
        Runtime.getRuntime().addShutdownHook(new Thread(() -> Control.writeResults(result, header()), "racepipe-exit"));
        try {
            Method main = Class.forName(entry, true, ClassLoader.getSystemClassLoader())
                    .getMethod("main", String[].class);
            main.invoke(null, (Object) args);
        } catch (InvocationTargetException e) {
            ProgramEnd.uncaught(Thread.currentThread(), e.getCause());
            System.err.println("Exception in thread \"main\" " + e.getCause());
        }
        Scheduler s = scheduler;
        if (s != null) {
            s.threadEnd(Thread.currentThread());
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
        Integer exit = ProgramEnd.exitStatus();
        List<ProgramEnd.Uncaught> uncaught = ProgramEnd.uncaught();
        Scheduler s = scheduler;
        String deadlock = s == null ? null : s.deadlock();
        h.add("outcome\t" + (deadlock != null ? "deadlock" : exit != null ? "exit" : uncaught.isEmpty() ? "ok" : "exception"));
        if (s != null) {
            h.add("schedule\t" + s.digest());
            h.add("watchdog\t" + s.watchdogFirings());
            if (deadlock != null) {
                h.add("deadlock\t" + clean(deadlock));
            }
        }
        if (exit != null) {
            h.add("exit\t" + exit);
        }
        for (ProgramEnd.Uncaught u : uncaught) {
            h.add("exception\t" + clean(u.thread()) + "\t" + u.type() + "\t" + clean(u.message()) + "\t" + clean(u.stack()));
        }
        return h;
    }

    private static String clean(String s) {
        return s == null ? "" : s.replace('\t', ' ').replace('\n', ' ');
    }
}
