package racepipe.pipeline.run;

import java.util.List;
import racepipe.contract.Outcome;
import racepipe.contract.TrialResult;
import racepipe.pipeline.model.Hang;
import racepipe.pipeline.model.SiteInfo;

/**
 * Whether the exceptions of a pair's trials are the pair's own (RaceFuzzer, Sen PLDI 2008: in its
 * LogService example P3 is harmless though P4, its neighbour, crashes the same trials). An exception counts for the pair when its stack
 * passes through the method of one of the two racing statements, or when one order of the pair
 * crashes more often than the other beyond chance (Fisher's exact test, one-sided, p < 0.01):
 * a crash that another race causes comes as often whichever order this pair's coin chose. A trial
 * that hung with every thread blocked (the scheduler's proof: a lock cycle, a missed notification)
 * failed as one that threw: it counts in the order test, not in the stack rule (a hang has no stack
 * of its own to pass through the racing methods).
 */
public final class Attribution {
    static final double P = 0.01;

    private Attribution() {
    }

    public record Result(boolean attributed, String why) {
    }

    /** The trial failed: an uncaught exception, or every thread blocked for good. */
    public static boolean failed(TrialResult t) {
        return t.exception() != null || t.outcome() == Outcome.DEADLOCK && Hang.of(t.deadlock()) != null;
    }

    public static Result of(SiteInfo a, SiteInfo b, List<TrialResult> trials) {
        TrialResult.Thrown inside = thrownInside(a, b, trials);
        if (inside != null) {
            return new Result(true, inside.type() + " thrown inside a racing statement's method");
        }
        Orders n = orders(a, b, trials);
        for (int o = 0; o < 2; o++) {
            double p = n.p(o);
            if (p < P) {
                SiteInfo s = o == 0 ? a : b;
                return new Result(true, String.format("%s in %d/%d trials where %s:%d ran first, %d/%d otherwise (p=%.2g)",
                        n.hung[o] == 0 ? "crashes" : n.hung[o] == n.crashed[o] ? "hangs" : "crashes or hangs",
                        n.crashed[o], n.first[o], s.file(), s.line(), n.crashed[1 - o], n.first[1 - o], p));
            }
        }
        return new Result(false, "the exceptions come as often in either order and outside the racing statements' methods:"
                + " another race's");
    }

    /**
     * The first exception of a raced trial, thrown after the race, whose stack passes through a
     * racing statement's method; null if none. Once there, more trials cannot take it away.
     */
    static TrialResult.Thrown thrownInside(SiteInfo a, SiteInfo b, List<TrialResult> trials) {
        String aMethod = method(a), bMethod = method(b);
        for (TrialResult t : trials) {
            TrialResult.Thrown ex = t.raced() ? t.exception() : null;
            if (ex != null && ex.afterRace()) {
                String stack = String.valueOf(ex.stack());
                if (stack.contains(aMethod) || stack.contains(bMethod)) {
                    return ex;
                }
            }
        }
        return null;
    }

    /** Raced trials by which site's access went first (0: a, 1: b), and how many of those threw. */
    record Orders(int[] first, int[] crashed, int[] hung, int unknown) {
        /** One-sided Fisher test that order o crashes more often than the other. */
        double p(int o) {
            return fisherGreater(crashed[o], first[o] - crashed[o], crashed[1 - o], first[1 - o] - crashed[1 - o]);
        }
    }

    static Orders orders(SiteInfo a, SiteInfo b, List<TrialResult> trials) {
        int[] first = new int[2], crashed = new int[2], hung = new int[2];
        int unknown = 0;
        for (TrialResult t : trials) {
            if (!t.raced()) {
                continue;
            }
            int order = firstSite(t, a, b);
            if (order < 0) {
                unknown++;
                continue;
            }
            first[order]++;
            if (failed(t)) {
                crashed[order]++;
                hung[order] += t.exception() == null ? 1 : 0;
            }
        }
        return new Orders(first, crashed, hung, unknown);
    }

    /** "pkg.Class.method(" as a stack frame shows it. */
    private static String method(SiteInfo s) {
        String m = s.method();
        return s.className() + "." + m.substring(0, m.indexOf('(')) + "(";
    }

    /** 0 when site a's access ran first in the trial's race, 1 when b's, -1 unknown (or a = b). */
    private static int firstSite(TrialResult t, SiteInfo a, SiteInfo b) {
        TrialResult.Race race = t.race();
        if (race == null || a.key().equals(b.key())) {
            return -1;
        }
        for (TrialResult.Access acc : race.accesses()) {
            if (String.valueOf(acc.thread()).equals(String.valueOf(race.first()))) {
                return acc.site().equals(a.key()) ? 0 : acc.site().equals(b.key()) ? 1 : -1;
            }
        }
        return -1;
    }

    /** One-sided Fisher exact test: P(X >= x) for crashes x of the first group, margins fixed. */
    static double fisherGreater(int x, int xOk, int y, int yOk) {
        int n1 = x + xOk, n2 = y + yOk, k = x + y, n = n1 + n2;
        if (n1 == 0 || n2 == 0 || k == 0) {
            return 1.0;
        }
        double p = 0;
        for (int i = x; i <= Math.min(k, n1); i++) {
            p += Math.exp(logChoose(n1, i) + logChoose(n2, k - i) - logChoose(n, k));
        }
        return Math.min(1.0, p);
    }

    private static double logChoose(int n, int k) {
        if (k < 0 || k > n) {
            return Double.NEGATIVE_INFINITY;
        }
        double s = 0;
        for (int i = 1; i <= k; i++) {
            s += Math.log(n - k + i) - Math.log(i);
        }
        return s;
    }
}
