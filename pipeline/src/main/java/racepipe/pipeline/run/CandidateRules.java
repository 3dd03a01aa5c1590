package racepipe.pipeline.run;

import java.util.List;
import racepipe.contract.CandidateKind;
import racepipe.contract.Outcome;
import racepipe.contract.TrialResult;
import racepipe.pipeline.model.SiteInfo;

/**
 * The stopping rule and the verdict of a candidate of another kind than a race pair, pure
 * functions of its trials in seed order, as {@link Stopping} is for pairs and with its bounds. A
 * trial "hit" the candidate when its strategy made it happen ({@link TrialResult#raced()}: a
 * lock cycle deadlocked on exactly its locks; an atomic block was interleaved by its access).
 * <ul>
 * <li>a lock cycle: the first hit settles it, {@code confirmed} (the deadlock is the harm);</li>
 * <li>an atomic block: an exception that is the block's ({@link BlockAttribution}: thrown inside its
 *     act, or hits throwing more often than the other trials beyond
 *     chance, at {@code P / max} while trials go on as for pairs) settles it {@code harmful}; once a
 *     hit threw otherwise, the test decides on every trial; {@link Stopping#EACH_ORDER} twice over
 *     hits, none throwing, settle it {@code real};</li>
 * <li>no hit: {@code unconfirmed} after {@link Stopping#NO_RACE} trials (at most --trials), or
 *     when the first {@link Stopping#HUNG} all hung.</li>
 * </ul>
 */
public final class CandidateRules {
    private CandidateRules() {
    }

    /** After {@code trials} (the first ones, in seed order) of at most {@code max}: is the verdict settled? {@code sites}: the candidate's. */
    public static Stopping.Decision decide(CandidateKind kind, List<SiteInfo> sites, List<TrialResult> trials, int max) {
        int n = trials.size();
        if (n >= max) {
            return Stopping.Decision.stop(null);
        }
        long hits = trials.stream().filter(TrialResult::raced).count();
        if (hits == 0) {
            if (n >= Stopping.HUNG && trials.stream().allMatch(t -> t.outcome() == Outcome.TIMEOUT)) {
                return Stopping.Decision.stop("the first " + n + " trials all hung");
            }
            if (n >= Math.min(max, Stopping.NO_RACE)) {
                return Stopping.Decision.stop("no " + kind.label + " in " + n + " trials");
            }
            return Stopping.Decision.GO;
        }
        if (kind == CandidateKind.LOCK_CYCLE) {
            return Stopping.Decision.stop("settled confirmed: a trial deadlocked on the cycle");
        }
        TrialResult.Thrown inside = BlockAttribution.thrownInside(sites.get(1), trials);
        if (inside != null) {
            return Stopping.Decision.stop("settled harmful: " + inside.type() + " thrown inside the block's act");
        }
        if (BlockAttribution.p(sites, trials) < Attribution.P / max) {
            return Stopping.Decision.stop("settled harmful: the trials that interleaved it throw more often than the others");
        }
        if (threw(sites, trials)) {
            return Stopping.Decision.GO; // the attribution test decides, on every trial
        }
        if (hits >= 2L * Stopping.EACH_ORDER) {
            return Stopping.Decision.stop("settled real: interleaved " + hits + " times and none threw");
        }
        return Stopping.Decision.GO;
    }

    /**
     * The verdict of the trials run: a hit is confirmed (lock cycle), harmful (atomic block, an
     * exception {@link BlockAttribution} gives to the block) or real; else unconfirmed.
     */
    public static String verdict(CandidateKind kind, List<SiteInfo> sites, List<TrialResult> trials) {
        if (trials.stream().noneMatch(TrialResult::raced)) {
            return "unconfirmed";
        }
        if (kind == CandidateKind.LOCK_CYCLE) {
            return "confirmed";
        }
        return threw(sites, trials) && BlockAttribution.of(sites, trials).attributed() ? "harmful" : "real";
    }

    /** A hit threw, not before the block's act: what {@link BlockAttribution} is asked about. */
    static boolean threw(List<SiteInfo> sites, List<TrialResult> trials) {
        return trials.stream().anyMatch(t -> t.raced() && t.exception() != null
                && !BlockAttribution.beforeAct(sites.get(0), sites.get(1), t.exception()));
    }

    /** The trial to show and replay: the first hit that threw, else the first hit; null when none hit. */
    public static TrialResult example(List<TrialResult> trials) {
        return trials.stream().filter(t -> t.raced() && t.exception() != null).findFirst()
                .orElse(trials.stream().filter(TrialResult::raced).findFirst().orElse(null));
    }

    /**
     * An atomic block's trial to show and replay, as its verdict says: harmful, the first hit that
     * threw an exception of its own (not before its act); real, the first hit that threw nothing
     * (a real block's replay should not show another block's exception); else as {@link #example}.
     */
    public static TrialResult example(List<SiteInfo> sites, List<TrialResult> trials, String verdict) {
        java.util.function.Predicate<TrialResult> pick = switch (verdict) {
            case "harmful" -> t -> t.exception() != null && !BlockAttribution.beforeAct(sites.get(0), sites.get(1), t.exception());
            case "real" -> t -> t.exception() == null;
            default -> t -> false;
        };
        return trials.stream().filter(t -> t.raced() && pick.test(t)).findFirst().orElse(example(trials));
    }
}
