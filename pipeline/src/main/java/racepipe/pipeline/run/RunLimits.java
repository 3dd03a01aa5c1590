package racepipe.pipeline.run;

import java.time.Duration;
import java.util.Locale;

/**
 * analyze's time limits sized by the program: a Phase 1 run under the agent and a Phase 2 trial
 * each get the plain run's time times what they cost, with a floor (a fixed 10 s cut a 5-second
 * program's every run short, so the detectors never saw its end). Pure functions.
 * <ul>
 * <li>a run: plain x {@value #RUN_SLOWDOWN} (the four detectors measured at 6-11x a plain run on
 *     SOR, whole process, and 12.5x on a 6 s kernel on a loaded machine, whose next run took over
 *     16x; the rest is margin) plus {@value #START_SECONDS} s for the JVM and agent; a run that
 *     ended gives the runs after it at least twice its time (DetectRuns.Options.stretchedIf);
 * <li>a trial: plain x {@value #TRIAL_SLOWDOWN} (a trial watches two sites, but runs the program's
 *     threads one at a time) plus the same start;
 * <li>each at least {@value #FLOOR_SECONDS} s, and a run at most a third of the budget.
 * </ul>
 * A plain run that did not end within its cap (a server, say) sizes nothing: the floor stays.
 */
public final class RunLimits {
    static final int RUN_SLOWDOWN = 25;
    static final int TRIAL_SLOWDOWN = 4;
    static final int START_SECONDS = 5;
    static final int FLOOR_SECONDS = 10;
    /** The plain run's own cap: a program that runs longer than this is not sized by it. */
    static final int PLAIN_CAP_SECONDS = 60;

    /**
     * The limits in milliseconds, and where they came from (for the report and the terminal).
     * {@code seeded}: Phase 1's runs go under the seeded scheduler, one thread at a time with a
     * choice at every shared access: replayable, but on a program that runs {@value #SEEDED_MAX_SECONDS} s
     * or more plain, many times slower than any limit sized from it (a 6 s kernel's seeded run
     * did not end in 94 s), so such a program's runs go under the JVM's own scheduling.
     */
    public record Limits(long runMillis, long trialMillis, boolean seeded, String why) {
    }

    static final double SEEDED_MAX_SECONDS = 1.0;

    private RunLimits() {
    }

    /** How long the plain run may take: its cap, at most a quarter of the budget. */
    public static long plainCapMillis(Duration budget) {
        long cap = PLAIN_CAP_SECONDS * 1000L;
        return budget == null ? cap : Math.max(1000, Math.min(cap, budget.toMillis() / 4));
    }

    public static Limits of(PlainRun.Result plain, Duration budget) {
        if (!plain.ended()) {
            return new Limits(FLOOR_SECONDS * 1000L, FLOOR_SECONDS * 1000L, true, String.format(Locale.ROOT,
                    "the plain run did not end within %.0f s: runs and trials limited to %d s", plain.seconds(), FLOOR_SECONDS));
        }
        long run = seconds(plain.seconds() * RUN_SLOWDOWN + START_SECONDS);
        long trial = seconds(plain.seconds() * TRIAL_SLOWDOWN + START_SECONDS);
        if (budget != null) {
            run = Math.max(FLOOR_SECONDS * 1000L, Math.min(run, budget.toMillis() / 3));
        }
        boolean seeded = plain.seconds() < SEEDED_MAX_SECONDS;
        return new Limits(run, trial, seeded, String.format(Locale.ROOT, "plain run %.1f s (exit %d): runs limited to %d s, trials to %d s%s",
                plain.seconds(), plain.exitStatus(), run / 1000, trial / 1000,
                seeded ? "" : "; runs under the JVM's scheduling (a seeded run of a program this long would not end in time)"));
    }

    private static long seconds(double s) {
        return Math.max(FLOOR_SECONDS, (long) Math.ceil(s)) * 1000L;
    }
}
