package racepipe.dynamic.run;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import racepipe.contract.Outcome;
import racepipe.contract.RunResult;
import racepipe.dynamic.agent.AgentOptions;
import racepipe.dynamic.runtime.Control;
import racepipe.dynamic.runtime.ProgramEnd;
import racepipe.dynamic.sched.Scheduler;

/**
 * Entry point of a Phase 1 run in its own JVM: runs the program's main under the agent, waits
 * for its threads, and writes the run's result file (contract RunResult: the outcome, the
 * detectors' pairs and their sites). Usage: DetectMain RESULT_FILE ENTRY_CLASS [args...]
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
                Control.writeResult(result, ending(programEnded));
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
        // System.exit or a kill for time: write what the detectors found so far (Runtime.halt skips the hooks: told apart)
        Runtime.getRuntime().addShutdownHook(new Thread(() -> Control.writeResult(result, ending(programEnded)), "racepipe-exit"));
        Control.beforeHalt(() -> Control.writeResult(result, ending(programEnded)));
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
        programEnded = true;
        Control.writeResult(result, ending(true));
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

    /** The program's main and its threads ended: a shutdown before that is a kill for time (or System.exit). */
    private static volatile boolean programEnded;

    /**
     * How the run ended, as far as it got; {@code finished}: the program ended by itself (else the
     * run file says timeout, unless System.exit, an exception or a deadlock ended it): the run file
     * is the one record of how the run ended.
     */
    private static RunResult ending(boolean finished) {
        Integer exit = ProgramEnd.exitStatus();
        List<RunResult.Uncaught> uncaught = new ArrayList<>();
        for (ProgramEnd.Uncaught u : ProgramEnd.uncaught()) {
            uncaught.add(new RunResult.Uncaught(u.thread(), u.type(), u.message(), u.stack()));
        }
        Scheduler s = scheduler;
        String deadlock = s == null ? null : s.deadlock();
        Outcome outcome = Outcome.of(deadlock != null, exit != null, !uncaught.isEmpty(), finished);
        return new RunResult(outcome, s == null ? null : s.digest(), s == null ? 0 : s.watchdogFirings(), deadlock, exit,
                List.copyOf(uncaught), List.of(), List.of());
    }
}
