package racepipe.pipeline.run;

import java.util.List;
import racepipe.contract.Outcome;
import racepipe.contract.TrialResult;
import racepipe.pipeline.model.SiteInfo;
import racepipe.pipeline.run.Ranking.Tier;

/**
 * When a pair has had enough trials: analyze's stopping rule, a pure function of the trials so
 * far, in seed order (so the verdict is a function of the seed, however many workers ran them).
 * {@code --trials} is the most a pair gets. docs/architecture.md says why the rule loses no
 * harmful verdict the full run would have given, beyond the bound of {@link #EACH_ORDER}.
 * <ol>
 * <li>harmful, settled: a raced trial threw after the race inside a racing statement's method
 *     (more trials cannot undo it);</li>
 * <li>harmful by order: one order crashes more often than the other with Fisher's p below
 *     {@code 0.01 / max}, the attribution test's bound divided by the number of looks;</li>
 * <li>real, settled: {@link #EACH_ORDER} raced trials in each order (a pair of one site with
 *     itself: twice as many raced trials) and no raced trial threw anything;</li>
 * <li>no race yet: give up after {@link #noRaceLimit} trials: all of them when happens-before saw
 *     the race in a run or WCP/SyncP predicted it, {@link #NO_RACE} with weaker evidence, {@link #PROBE} that ended (did not
 *     hang) when neither access was seen running: then the verdict is unreached;</li>
 * <li>the first {@link #HUNG} trials all hung: the rest would too;</li>
 * <li>the first {@link #CUT} trials were all cut without a race (RaceFuzzer gave up steering
 *     after its fruitless postponements), or ran to their end without one after at least
 *     {@link #MEETING_TRIES} postponements each, unless happens-before saw the race: a thread
 *     waited at the pair's sites that often in each without a partner coming (a pair WCP or SyncP
 *     only predicted is given up too: the reordering it needs is not one RaceFuzzer's postponing
 *     reaches, and on a 1.5 s kernel each of its 50 trials cost a second).</li>
 * </ol>
 * A pair whose raced trials threw but not inside a racing method, and not significantly in one
 * order, runs all its trials: Fisher's test needs them.
 */
public final class Stopping {
    /** Raced trials in each order, none throwing, that settle a pair as real. */
    public static final int EACH_ORDER = 10;
    /** Trials without a race after which a pair that happens-before did not see is given up. */
    public static final int NO_RACE = 20;
    /** Trials a pair gets whose accesses no Phase 1 run was seen running, to see whether it races at all. */
    public static final int PROBE = 2;
    /** The first trials all hung: given up (a pair whose program hangs would cost --timeout a trial). */
    public static final int HUNG = 3;
    /** The first trials all cut short without a race: given up unless happens-before saw the pair. */
    public static final int CUT = 3;
    /** Postponements without a meeting that make a trial run to its end count as one cut short. */
    public static final int MEETING_TRIES = 500;

    /** Stop or go on, why it stopped before its last trial, and whether the probe found the pair unreached. */
    public record Decision(boolean stop, String why, boolean unreached) {
        static final Decision GO = new Decision(false, null, false);

        static Decision stop(String why) {
            return new Decision(true, why, false);
        }
    }

    private Stopping() {
    }

    /** The most trials a pair of this tier gets while none of them races (unseen: while they end). */
    public static int noRaceLimit(Tier tier, int max) {
        return switch (tier) {
            case SCHEDULABLE, HB, PREDICTED -> max;
            case HYBRID, EXECUTED, ONE_SITE -> Math.min(max, NO_RACE);
            case UNSEEN -> Math.min(max, PROBE);
        };
    }

    /** A trial without a race that shows the sites do not meet: cut short, or ended after many fruitless postponements. */
    static boolean noMeeting(TrialResult t) {
        return !t.raced() && (t.outcome() == Outcome.CUT || t.outcome() == Outcome.OK && t.fruitless() >= MEETING_TRIES);
    }

    /** After {@code trials} (the first ones, in seed order) of at most {@code max}: is the verdict settled? */
    public static Decision decide(List<TrialResult> trials, int max, Tier tier, SiteInfo a, SiteInfo b) {
        int n = trials.size();
        if (n >= max) {
            return Decision.stop(null);
        }
        long raced = trials.stream().filter(TrialResult::raced).count();
        if (raced == 0) {
            if (n >= HUNG && trials.stream().allMatch(t -> t.outcome() == Outcome.TIMEOUT)) {
                return Decision.stop("the first " + n + " trials all hung");
            }
            if (n >= CUT && !tier.observed() && trials.stream().allMatch(Stopping::noMeeting)) {
                return Decision.stop("the first " + n + " trials postponed at its sites " + trials.stream()
                        .mapToInt(TrialResult::fruitless).min().orElse(0) + "+ times each: no partner ever came");
            }
            if (tier == Tier.UNSEEN) {
                // a probe trial that hung says nothing about reaching the sites: only ended ones count
                long ended = trials.stream().filter(t -> t.outcome() != Outcome.TIMEOUT).count();
                if (ended >= Math.min(max, PROBE)) {
                    return new Decision(true, "no race in " + ended + " probe trials that ended, and " + tier.meaning, true);
                }
            }
            int limit = noRaceLimit(tier == Tier.UNSEEN ? Tier.ONE_SITE : tier, max);
            if (n >= limit) {
                return Decision.stop("no race in " + n + " trials, and " + (tier == Tier.HYBRID
                        ? "happens-before never saw it unordered" : tier.meaning + " (no detector saw the pair unordered)"));
            }
            return Decision.GO;
        }
        TrialResult.Thrown inside = Attribution.thrownInside(a, b, trials);
        if (inside != null) {
            return Decision.stop("settled harmful: " + inside.type() + " thrown inside a racing statement's method");
        }
        Attribution.Orders orders = Attribution.orders(a, b, trials);
        for (int o = 0; o < 2; o++) {
            if (orders.p(o) < Attribution.P / max) {
                return Decision.stop("settled harmful: one order crashes in " + orders.crashed()[o] + " of " + orders.first()[o]
                        + " trials, the other in " + orders.crashed()[1 - o] + " of " + orders.first()[1 - o]);
            }
        }
        boolean threw = trials.stream().anyMatch(t -> t.raced() && Attribution.failed(t));
        if (threw) {
            return Decision.GO; // the attribution test decides, on every trial
        }
        boolean selfPair = a.key().equals(b.key());
        if (selfPair ? raced >= 2L * EACH_ORDER
                : orders.first()[0] >= EACH_ORDER && orders.first()[1] >= EACH_ORDER) {
            return Decision.stop("settled real: raced " + raced + " times, " + (selfPair ? "" : "at least " + EACH_ORDER
                    + " in each order, ") + "and no order threw");
        }
        return Decision.GO;
    }
}
