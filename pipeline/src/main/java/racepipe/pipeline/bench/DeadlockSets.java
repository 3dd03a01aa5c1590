package racepipe.pipeline.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import racepipe.pipeline.model.Candidate;
import racepipe.pipeline.model.ResultFile;

/**
 * One benchmark's lock cycles beside its race pairs: the cycles each predictor reported
 * (iGoodlock from the runs, the static lock-order graph), the candidates Phase 2 tried, the ones
 * it confirmed (a trial deadlocked on exactly that cycle), and the Real ones from deadlocks.tsv;
 * with that file, the checks Confirmed ⊆ Real and Real ⊆ Confirmed.
 */
public final class DeadlockSets {
    static final List<String> PREDICTORS = List.of("igoodlock", "static");

    private DeadlockSets() {
    }

    /** The row's "deadlocks" block; its checks are added to {@code checks} when the benchmark lists its cycles. */
    public static Map<String, Object> of(ResultFile r, CycleTruth truth, Map<String, Boolean> checks) {
        Map<String, Set<String>> sets = new LinkedHashMap<>();
        PREDICTORS.forEach(p -> sets.put(p, new TreeSet<>()));
        Set<String> candidates = new TreeSet<>(), confirmed = new TreeSet<>(), real = new TreeSet<>();
        Map<CycleTruth.Cycle, List<Candidate>> byTruth = new LinkedHashMap<>();
        truth.cycles.forEach(t -> byTruth.put(t, new ArrayList<>()));
        List<Map<String, Object>> unlisted = new ArrayList<>();
        List<Candidate> all = new ArrayList<>(r.candidates(racepipe.contract.CandidateKind.LOCK_CYCLE));
        if (r.staticCycles != null) {
            all.addAll(r.staticCycles);
        }
        for (Candidate c : all) {
            PREDICTORS.forEach(p -> {
                if (c.predictors.containsKey(p)) {
                    sets.get(p).add(c.key);
                }
            });
            if (c.verdict != null) {
                candidates.add(c.key);
            }
            if ("confirmed".equals(c.verdict)) {
                confirmed.add(c.key);
            }
            CycleTruth.Cycle t = truth.match(c);
            if (t != null) {
                byTruth.get(t).add(c);
                if (t.real()) {
                    real.add(c.key);
                }
            } else {
                unlisted.add(entry(null, List.of(c)));
            }
        }
        Map<String, Object> out = new LinkedHashMap<>();
        Map<String, Integer> sizes = new LinkedHashMap<>();
        sets.forEach((k, v) -> sizes.put(k, v.size()));
        sizes.put("candidates", candidates.size());
        sizes.put("confirmed", confirmed.size());
        sizes.put("real", real.size());
        sizes.put("truth", (int) truth.cycles.stream().filter(CycleTruth.Cycle::real).count());
        out.put("sizes", sizes);
        List<Map<String, Object>> cycles = new ArrayList<>();
        byTruth.forEach((t, cs) -> cycles.add(entry(t, cs)));
        cycles.addAll(unlisted);
        out.put("cycles", cycles);
        if (truth.listed) {
            checks.put("Confirmed cycles ⊆ Real cycles", real.containsAll(confirmed));
            checks.put("Real cycles confirmed", byTruth.entrySet().stream().filter(e -> e.getKey().real())
                    .allMatch(e -> e.getValue().stream().anyMatch(c -> "confirmed".equals(c.verdict))));
        }
        return out;
    }

    /** A truth cycle (or, with t null, an unlisted one) with the candidates that stand for it. */
    private static Map<String, Object> entry(CycleTruth.Cycle t, List<Candidate> cs) {
        Map<String, Object> m = new LinkedHashMap<>();
        if (t != null) {
            m.put("label", t.name());
            m.put("locks", t.labels());
            m.put("truth", t.truth());
        } else {
            m.put("truth", null);
        }
        m.put("verdict", best(cs));
        Set<String> preds = new TreeSet<>(), lines = new TreeSet<>();
        cs.forEach(c -> {
            preds.addAll(c.predictors.keySet());
            lines.addAll(CycleTruth.lines(c));
        });
        m.put("predictors", preds);
        m.put("lines", lines);
        m.put("keys", cs.stream().map(c -> c.key).toList());
        cs.stream().filter(c -> "confirmed".equals(c.verdict) && c.confirm != null).findFirst().ifPresent(c -> {
            m.put("trials", c.confirm.trials);
            m.put("seed", c.seed);
        });
        if (t != null) {
            m.put("why", t.why());
        }
        return m;
    }

    private static String best(List<Candidate> cs) {
        for (String v : List.of("confirmed", "unconfirmed", "untried")) {
            if (cs.stream().anyMatch(c -> v.equals(c.verdict))) {
                return v;
            }
        }
        return cs.isEmpty() ? "not predicted" : "not a candidate";
    }

    /** Whether a truth cycle's outcome goes against its truth (a real one not confirmed, a false one confirmed). */
    static String flag(Map<String, Object> cycle) {
        boolean confirmed = "confirmed".equals(cycle.get("verdict"));
        Object truth = cycle.get("truth");
        return truth == null ? (confirmed ? "unlisted, confirmed" : "unlisted")
                : "deadlock".equals(truth) && !confirmed ? "real, not confirmed"
                : "false".equals(truth) && confirmed ? "false, confirmed" : "";
    }
}
