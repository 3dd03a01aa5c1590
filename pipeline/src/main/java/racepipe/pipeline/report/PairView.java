package racepipe.pipeline.report;

import racepipe.pipeline.model.Confirm;
import racepipe.contract.TrialResult;
import racepipe.contract.Outcome;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import racepipe.pipeline.model.RacePair;
import racepipe.pipeline.model.SiteInfo;

/** What both reports show of one pair: rates, the example trial and its accesses, the replay command. */
final class PairView {
    /** One racing access as a confirm example saw it: its site, thread and stack. */
    record Access(SiteInfo site, String thread, List<String> stack) {
    }

    final RacePair pair;
    final String verdict;
    final long trials;
    final long raced;
    final long thrown;

    PairView(RacePair pair) {
        this.pair = pair;
        this.verdict = pair.verdict == null ? "unconfirmed" : pair.verdict;
        Confirm c = pair.confirm;
        this.trials = c == null ? 0 : c.trials;
        this.raced = c == null ? 0 : c.raced;
        long exc = c == null ? 0 : c.outcome(Outcome.EXCEPTION);
        long sum = c == null ? 0 : c.exceptions.values().stream().mapToLong(Integer::longValue).sum();
        this.thrown = Math.max(exc, sum);
    }

    static List<PairView> of(List<RacePair> pairs) {
        List<PairView> out = new ArrayList<>();
        if (pairs != null) {
            for (RacePair p : pairs) {
                if (p != null) {
                    out.add(new PairView(p));
                }
            }
        }
        out.sort(Comparator.comparingInt((PairView v) -> Verdict.of(v.verdict).ordinal())
                .thenComparing(v -> -v.crashRate())
                .thenComparing(v -> -v.raceRate())
                .thenComparing(v -> v.pair.key == null ? "" : v.pair.key));
        return out;
    }

    Verdict kind() {
        return Verdict.of(verdict);
    }

    String variable() {
        return pair.variable == null ? "?" : pair.variable;
    }

    /** The i-th site (0 or 1); the first again when the pair is one site racing with itself. */
    SiteInfo site(int i) {
        List<SiteInfo> s = pair.sites == null ? List.of() : pair.sites;
        if (s.isEmpty() || s.get(0) == null) {
            return new SiteInfo(null, null, null, -1, null, 0, null);
        }
        return i < s.size() && s.get(i) != null ? s.get(i) : s.get(0);
    }

    double raceRate() {
        return trials == 0 ? 0 : (double) raced / trials;
    }

    double crashRate() {
        return trials == 0 ? 0 : (double) thrown / trials;
    }

    boolean confirmed() {
        return pair.confirm != null;
    }

    /** The most frequent exception type, or null. */
    String topException() {
        String best = null;
        int n = -1;
        for (Map.Entry<String, Integer> e : pair.confirm == null ? Map.<String, Integer>of().entrySet()
                : pair.confirm.exceptions.entrySet()) {
            if (e.getValue() > n) {
                n = e.getValue();
                best = e.getKey();
            }
        }
        return best;
    }

    /** The example trial that crashed, else the one that raced, else null. */
    TrialResult example() {
        return pair.confirm == null || pair.confirm.examples == null ? null : pair.confirm.examples.best();
    }

    /** The replay command: confirm.replay, else one built from the example's seed, else null. */
    String replay() {
        String r = pair.confirm == null ? null : pair.confirm.replay;
        if (r != null && !r.isBlank()) {
            return r;
        }
        TrialResult ex = example();
        String seed = ex == null ? null : String.valueOf(ex.seed());
        if (seed == null || site(0).key() == null) {
            return null;
        }
        return "racepipe replay APP.jar --pair '" + site(0).key() + "' '" + site(1).key() + "' --seed " + seed;
    }

    /** Both racing accesses of the example trial, in the example's order; empty if none. */
    List<Access> accesses() {
        List<Access> out = new ArrayList<>();
        TrialResult ex = example();
        if (ex == null || ex.race() == null) {
            return out;
        }
        for (TrialResult.Access a : ex.race().accesses()) {
            String key = a.site();
            SiteInfo s = key != null && key.equals(site(1).key()) ? site(1) : site(0);
            out.add(new Access(s, a.thread(), Names.frames(a.stack())));
        }
        return out;
    }

    /** The example's access at site i (0 or 1), or null; a site racing with itself: by position. */
    Access accessAt(int i) {
        List<Access> acc = accesses();
        String key = site(i).key();
        boolean selfPair = key != null && key.equals(site(1 - i).key());
        if (selfPair) {
            return i < acc.size() ? acc.get(i) : null;
        }
        for (Access a : acc) {
            if (key != null && key.equals(a.site().key())) {
                return a;
            }
        }
        return null;
    }
}
