package racepipe.dynamic.run;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import racepipe.contract.Json;
import racepipe.dynamic.explore.Dpor;
import racepipe.dynamic.explore.Execution;
import racepipe.contract.Outcome;
import racepipe.dynamic.sched.Scheduler;
import racepipe.dynamic.sched.Strategy;

/**
 * Entry point of the exploring JVM (under the agent, every access instrumented): runs the
 * program again and again, each execution in a fresh class loader under the exploring
 * scheduler, until DPOR has covered every schedule up to equivalence, the budget is spent or a
 * trial cannot be stopped; then writes what it found (see {@link Findings}). With a schedule
 * instead of {@code -}, it replays that one execution and prints its outcome.
 * Usage: ExploreMain RESULT CLASSPATH ENTRY BUDGET_MS BOUND MAX_STEPS REDUCE SCHEDULE|- [args...]
 */
public final class ExploreMain {
    /** A trial that has not ended after this long is stuck where the scheduler cannot see. */
    private static final long TRIAL_TIMEOUT_MS = Long.getLong("racepipe.explore.trialTimeout", 30_000);

    private ExploreMain() {
    }

    public static void main(String[] argv) throws Exception {
        Path result = Path.of(argv[0]);
        String[] cp = argv[1].split(java.io.File.pathSeparator);
        URL[] urls = new URL[cp.length];
        for (int i = 0; i < cp.length; i++) {
            urls[i] = Path.of(cp[i]).toUri().toURL();
        }
        long budget = Long.parseLong(argv[3]);
        int bound = Integer.parseInt(argv[4]);
        long maxSteps = Long.parseLong(argv[5]);
        boolean reduce = Boolean.parseBoolean(argv[6]);
        String replay = argv[7];
        TrialRunner runner = new TrialRunner(urls, argv[2], Arrays.copyOfRange(argv, 8, argv.length), null);
        PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
        PrintStream discard = new PrintStream(OutputStream.nullOutputStream());
        System.setOut(discard);
        System.setErr(discard);
        int code;
        if (!replay.equals("-")) {
            code = replay(runner, replay, maxSteps, out);
        } else {
            Findings f = explore(runner, new Dpor(reduce, bound, maxSteps), budget, out);
            Files.writeString(result, Json.write(f.json()), StandardCharsets.UTF_8);
            code = 0;
        }
        out.flush();
        Runtime.getRuntime().halt(code);
    }

    static Findings explore(TrialRunner runner, Dpor dpor, long budgetMillis, PrintStream progress) throws InterruptedException {
        long start = System.nanoTime();
        long deadline = start + budgetMillis * 1_000_000L;
        Findings f = new Findings(dpor);
        long shown = start;
        warmUp(runner, dpor);
        do {
            Execution ex = dpor.start();
            long timeout = Math.min(TRIAL_TIMEOUT_MS, Math.max(1000, (deadline - System.nanoTime()) / 1_000_000L + 1000));
            TrialRunner.Ran ran = runner.run(dpor.executions(), "explore", abort -> new Scheduler(Strategy.explore(ex), abort),
                    timeout, 20);
            dpor.finish(ex);
            if (ran.result().outcome() == Outcome.TIMEOUT && timeout < TRIAL_TIMEOUT_MS) {
                f.stopped("the budget ran out"); // cut short by the budget, not a program without end
                break;
            }
            f.add(ex, ran.result());
            if (!ran.clean()) {
                f.stopped("a trial's threads could not be stopped");
                break;
            }
            if (System.nanoTime() > deadline) {
                f.stopped("the budget ran out");
                break;
            }
            if (progress != null && System.nanoTime() - shown > 10_000_000_000L) {
                shown = System.nanoTime();
                progress.println("explore: " + dpor.executions() + " executions so far, " + f.races() + " races, "
                        + f.failures() + " failures");
            }
        } while (dpor.next());
        f.seconds((System.nanoTime() - start) / 1e9);
        return f;
    }

    /**
     * One execution thrown away before the exploration: what the JDK does once per JVM (caches
     * and lazy set-ups of its own, shared by every class loader, such as the first use of a file
     * system or of a collection's helper) happens there, so that the explored executions repeat
     * one another under the same choices (the first one did 1,700 more accesses in a JUnit body's
     * launcher than the next, and the exploration stopped as not deterministic).
     */
    private static void warmUp(TrialRunner runner, Dpor like) throws InterruptedException {
        Execution ex = new Dpor(like.reduces(), -1, like.maxSteps()).start();
        runner.run(-1, "explore", abort -> new Scheduler(Strategy.explore(ex), abort), TRIAL_TIMEOUT_MS, 20);
    }

    /** One execution along the schedule; prints its outcome. Exit 1 when it failed or raced. */
    private static int replay(TrialRunner runner, String schedule, long maxSteps, PrintStream out) throws InterruptedException {
        warmUp(runner, new Dpor(true, -1, maxSteps)); // as the exploration did before the execution it printed
        Execution ex = Dpor.replay(schedule, maxSteps);
        TrialRunner.Ran ran = runner.run(0, "explore", abort -> new Scheduler(Strategy.explore(ex), abort), TRIAL_TIMEOUT_MS, 20);
        Findings f = new Findings(null);
        f.add(ex, ran.result());
        out.println("schedule " + schedule + ": " + ex.choicesMade() + " choices");
        List<Map<String, Object>> failures = f.failureList();
        for (Map<String, Object> fail : failures) {
            out.println(fail.get("kind") + ": " + fail.get("message"));
            Object stack = fail.get("stack");
            if (stack != null) {
                for (String frame : String.valueOf(stack).split(" <- ")) {
                    if (!frame.isBlank()) {
                        out.println("      at " + frame);
                    }
                }
            }
        }
        for (Map<String, Object> race : f.raceList()) {
            out.println("race on " + race.get("variable") + ": " + race.get("key"));
        }
        if (failures.isEmpty() && f.raceList().isEmpty()) {
            out.println("no failure, no race");
        }
        return failures.isEmpty() && f.raceList().isEmpty() ? 0 : 1;
    }
}
