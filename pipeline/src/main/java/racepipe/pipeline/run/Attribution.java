package racepipe.pipeline.run;

import java.util.List;
import racepipe.contract.TrialResult;
import racepipe.pipeline.model.SiteInfo;

/**
 * Whether the exceptions of a pair's trials are the pair's own (RaceFuzzer, Sen PLDI 2008: in its
 * LogService example P3 is harmless though P4, its neighbour, crashes the same trials). An exception counts for the pair when its stack
 * passes through the method of one of the two racing statements, or when one order of the pair
 * crashes more often than the other beyond chance (Fisher's exact test, one-sided, p < 0.01):
 * a crash that another race causes comes as often whichever order this pair's coin chose.
 */
public final class Attribution {
    static final double P = 0.01;

    private Attribution() {
    }

    public record Result(boolean attributed, String why) {
    }

    public static Result of(SiteInfo a, SiteInfo b, List<TrialResult> trials) {
        String aMethod = method(a), bMethod = method(b);
        int[] first = new int[2], firstCrash = new int[2];
        for (TrialResult t : trials) {
            if (!t.raced()) {
                continue;
            }
            TrialResult.Thrown ex = t.exception();
            if (ex != null && ex.afterRace()) {
                String stack = String.valueOf(ex.stack());
                if (stack.contains(aMethod) || stack.contains(bMethod)) {
                    return new Result(true, ex.type() + " thrown inside a racing statement's method");
                }
            }
            int order = firstSite(t, a, b);
            if (order >= 0) {
                first[order]++;
                if (ex != null) {
                    firstCrash[order]++;
                }
            }
        }
        for (int o = 0; o < 2; o++) {
            double p = fisherGreater(firstCrash[o], first[o] - firstCrash[o], firstCrash[1 - o], first[1 - o] - firstCrash[1 - o]);
            if (p < P) {
                SiteInfo s = o == 0 ? a : b;
                return new Result(true, String.format("crashes in %d/%d trials where %s:%d ran first, %d/%d otherwise (p=%.2g)",
                        firstCrash[o], first[o], s.file(), s.line(), firstCrash[1 - o], first[1 - o], p));
            }
        }
        return new Result(false, "the exceptions come as often in either order and outside the racing statements' methods:"
                + " another race's");
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
