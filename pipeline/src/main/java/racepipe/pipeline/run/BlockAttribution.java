package racepipe.pipeline.run;

import java.util.List;
import racepipe.contract.TrialResult;
import racepipe.pipeline.model.SiteInfo;

/**
 * Whether the exceptions of an atomic block's trials are the block's own, by the races' rule
 * ({@link Attribution}): another block's violation in the same program can throw in the same
 * trials (pagestats' lost view fails main whichever block AtomFuzzer steered at). An exception
 * counts for the block when it was thrown inside the block's act, or when the trials that
 * interleaved the block throw more often than those that did not, beyond chance (Fisher's exact
 * test, one-sided): AtomFuzzer's coin leaves about half the trials without the interleaving (its
 * serial order), and an exception another block causes comes as often in those. "Inside" is
 * narrower than for a race's statement: the stack passes through the block's act (its method at
 * the act's line), for blocks of one method share it (connpool's check-lease and lease-release
 * are both in serve(), and only the lease throws).
 */
final class BlockAttribution {
    private BlockAttribution() {
    }

    /** {@code sites}: the block's check, its act (and the interleaving access). */
    static Attribution.Result of(List<SiteInfo> sites, List<TrialResult> trials) {
        SiteInfo act = sites.get(1);
        TrialResult.Thrown inside = thrownInside(act, trials);
        if (inside != null) {
            return new Attribution.Result(true, inside.type() + " thrown inside the block's act (" + frame(act) + ")");
        }
        int[] n = counts(sites, trials);
        double p = p(n);
        String rates = String.format("trials that interleaved the block threw in %d/%d, the others in %d/%d (p=%.2g)",
                n[1], n[0], n[3], n[2], p);
        return p < Attribution.P ? new Attribution.Result(true, rates)
                : new Attribution.Result(false, rates + ": as often without the interleaving and outside the block's method,"
                + " another block's or race's");
    }

    /** The first exception of a hit, thrown after the interleaving, whose stack passes through the block's act; else null. */
    static TrialResult.Thrown thrownInside(SiteInfo act, List<TrialResult> trials) {
        String frame = frame(act);
        for (TrialResult t : trials) {
            TrialResult.Thrown ex = t.raced() ? t.exception() : null;
            if (ex != null && ex.afterRace() && String.valueOf(ex.stack()).contains(frame)) {
                return ex;
            }
        }
        return null;
    }

    /** "pkg.Class.method(File.java:line)", as a stack frame shows the act. */
    static String frame(SiteInfo act) {
        String m = act.method();
        String file = act.file() == null ? "" : act.file().substring(act.file().lastIndexOf('/') + 1);
        return act.className() + "." + (m.indexOf('(') < 0 ? m : m.substring(0, m.indexOf('('))) + "(" + file + ":" + act.line() + ")";
    }

    /** One-sided Fisher p that the trials which interleaved the block throw more often than the others. */
    static double p(List<SiteInfo> sites, List<TrialResult> trials) {
        return p(counts(sites, trials));
    }

    private static double p(int[] n) {
        return Attribution.fisherGreater(n[1], n[0] - n[1], n[3], n[2] - n[3]);
    }

    /**
     * {hits, hits that threw after the interleaving, other trials, other trials that threw}. An
     * exception thrown in the block's method before its act (at the check's line or between) is
     * not the block's: no act had run on the stale check there (connpool's lease throws inside
     * lease..release, the block of another check-then-act); it counts as no exception.
     */
    private static int[] counts(List<SiteInfo> sites, List<TrialResult> trials) {
        int[] n = new int[4];
        for (TrialResult t : trials) {
            boolean threw = t.exception() != null && !beforeAct(sites.get(0), sites.get(1), t.exception());
            if (t.raced()) {
                n[0]++;
                n[1] += threw && t.exception().afterRace() ? 1 : 0;
            } else {
                n[2]++;
                n[3] += threw ? 1 : 0;
            }
        }
        return n;
    }

    /** The exception's stack passes through the block's method at a line from its check's up to (not including) its act's. */
    static boolean beforeAct(SiteInfo check, SiteInfo act, TrialResult.Thrown ex) {
        String at = frame(act);
        String prefix = at.substring(0, at.lastIndexOf(':') + 1);
        String stack = String.valueOf(ex.stack());
        for (int i = stack.indexOf(prefix); i >= 0; i = stack.indexOf(prefix, i + 1)) {
            int end = stack.indexOf(')', i + prefix.length());
            try {
                int line = Integer.parseInt(stack.substring(i + prefix.length(), end));
                if (line >= check.line() && line < act.line()) {
                    return true;
                }
            } catch (NumberFormatException | StringIndexOutOfBoundsException e) {
                // not a frame with a line
            }
        }
        return false;
    }
}
