package racepipe.dynamic.run;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import racepipe.contract.RunResult;
import racepipe.dynamic.agent.AgentOptions;
import racepipe.dynamic.runtime.Control;
import racepipe.dynamic.runtime.Outcome;
import racepipe.dynamic.sched.Scheduler;

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
        AgentOptions options = new AgentOptions(Control.agentOptions());
        String seed = options.get("seed", null);
        Scheduler scheduler = null;
        if (seed != null) {
            scheduler = new Scheduler(Long.parseLong(seed), null, false, () -> {
                Control.writeResults(result, end());
                Runtime.getRuntime().halt(0);
            });
            scheduler.adoptCurrentThread();
            Control.schedule(scheduler);
            new Watchdog(Control::scheduler, Long.parseLong(options.get("watchdog", "20"))).start();
        }
        Thread.setDefaultUncaughtExceptionHandler((t, e) -> {
            Outcome.uncaught(t, e);
            System.err.println("Exception in thread \"" + t.getName() + "\" " + e);
        });
        // System.exit or a kill for time: write what the detectors found so far
        Runtime.getRuntime().addShutdownHook(new Thread(() -> Control.writeResults(result, end()), "racepipe-exit"));
        try {
            Method main = Class.forName(entry, true, ClassLoader.getSystemClassLoader())
                    .getMethod("main", String[].class);
            main.invoke(null, (Object) args);
        } catch (InvocationTargetException e) {
            Outcome.uncaught(Thread.currentThread(), e.getCause());
            System.err.println("Exception in thread \"main\" " + e.getCause());
        }
        if (scheduler != null) {
            scheduler.threadEnd(Thread.currentThread());
        }
        waitForThreads();
        Control.writeResults(result, end());
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

    /** How the run ended so far (the pipeline itself marks a run it had to kill as a timeout). */
    private static RunResult end() {
        Integer exit = Outcome.exitStatus();
        List<RunResult.Uncaught> uncaught = new ArrayList<>();
        for (Outcome.Uncaught u : Outcome.uncaught()) {
            uncaught.add(new RunResult.Uncaught(u.thread(), u.type(), u.message(), u.stack()));
        }
        Scheduler s = Control.scheduler();
        String deadlock = s == null ? null : s.deadlock();
        return new RunResult(racepipe.contract.Outcome.of(deadlock != null, exit != null, !uncaught.isEmpty(), true),
                s == null ? null : s.digest(), s == null ? 0 : s.watchdogFirings(), deadlock, exit, uncaught, List.of(), List.of());
    }
}
