package racepipe.pipeline.run;

import java.util.List;
import racepipe.contract.TrialResult;
import racepipe.pipeline.model.SiteInfo;

/**
 * Whether the exceptions of an atomic block's trials are the block's own, by the races' rule
 * ({@link Attribution}): another block's violation in the same program can throw in the same
 * trials (pagestats' lost view fails main whichever block AtomFuzzer steered at). An exception
 * counts for the block when it was thrown inside the block's method by the thread whose block the
 * trial interleaved, or when the trials that interleaved the block throw more often than those
 * that did not, beyond chance (Fisher's exact test, one-sided): AtomFuzzer's coin leaves about
 * half the trials without the interleaving (its serial order), and an exception another block
 * causes comes as often in those.
 */
final class BlockAttribution {
    private BlockAttribution() {
    }

    static Attribution.Result of(SiteInfo check, List<TrialResult> trials) {
        TrialResult.Thrown inside = thrownInside(check, trials);
        if (inside != null) {
            return new Attribution.Result(true, inside.type() + " thrown inside the block's method by the thread it interleaved");
        }
        int[] n = counts(trials);
        double p = p(n);
        String rates = String.format("trials that interleaved the block threw in %d/%d, the others in %d/%d (p=%.2g)",
                n[1], n[0], n[3], n[2], p);
        return p < Attribution.P ? new Attribution.Result(true, rates)
                : new Attribution.Result(false, rates + ": as often without the interleaving and outside the block's method,"
                + " another block's or race's");
    }

    /** The first exception of a hit, thrown after the interleaving by the interleaved thread inside the block's method; else null. */
    static TrialResult.Thrown thrownInside(SiteInfo check, List<TrialResult> trials) {
        String m = check.method();
        String frame = check.className() + "." + m.substring(0, m.indexOf('(') < 0 ? m.length() : m.indexOf('(')) + "(";
        for (TrialResult t : trials) {
            TrialResult.Thrown ex = t.raced() ? t.exception() : null;
            if (ex != null && ex.afterRace() && t.race() != null && !t.race().accesses().isEmpty()
                    && String.valueOf(ex.thread()).equals(String.valueOf(t.race().accesses().get(0).thread()))
                    && String.valueOf(ex.stack()).contains(frame)) {
                return ex;
            }
        }
        return null;
    }

    /** One-sided Fisher p that the trials which interleaved the block throw more often than the others. */
    static double p(List<TrialResult> trials) {
        return p(counts(trials));
    }

    private static double p(int[] n) {
        return Attribution.fisherGreater(n[1], n[0] - n[1], n[3], n[2] - n[3]);
    }

    /** {hits, hits that threw after the interleaving, other trials, other trials that threw}. */
    private static int[] counts(List<TrialResult> trials) {
        int[] n = new int[4];
        for (TrialResult t : trials) {
            if (t.raced()) {
                n[0]++;
                n[1] += t.exception() != null && t.exception().afterRace() ? 1 : 0;
            } else {
                n[2]++;
                n[3] += t.exception() != null ? 1 : 0;
            }
        }
        return n;
    }
}
