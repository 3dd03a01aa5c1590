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
 * One benchmark's atomicity sets, beside its race sets: the atomic blocks predicted, tried
 * (candidates), induced (a trial interleaved the block: verdict real or harmful) and real (by
 * the benchmark's atomicity.tsv). A block is its two operations (the first two sites of a
 * violation); the same block with different interleaving accesses, from different runs, is one
 * block, its verdict the best of them. Without an atomicity.tsv the truth is unknown: the sets
 * are shown, no check is made. With it: Atomic Induced ⊆ Atomic Real, and the static engine's
 * containments: it sees every path, so every real block and every block Velodrome predicted on
 * this input should be among its blocks.
 */
public final class AtomicityRow {
    static final String CHECK = "Atomic Induced ⊆ Atomic Real";
    static final String REAL_STATIC = "Atomic Real ⊆ Atomic Static";
    static final String VELODROME_STATIC = "Atomic Velodrome ⊆ Atomic Static";

    /** The row's JSON (results.json's {@code atomicity} per benchmark). */
    public final Map<String, Object> json = new LinkedHashMap<>();
    /** The containment check, when the benchmark has a truth file; null otherwise. */
    public final Boolean check;
    /** The checks by name (Induced ⊆ Real, and the static engine's containments), when the benchmark has a truth file. */
    public final Map<String, Boolean> checks = new LinkedHashMap<>();

    /** @param truth the benchmark's atomicity.tsv, or null when it has none */
    public AtomicityRow(ResultFile r, Truth truth) {
        Map<String, List<Candidate>> blocks = new LinkedHashMap<>();
        List<Candidate> all = new ArrayList<>(r.atomicity == null ? List.of() : r.atomicity);
        if (r.staticAtomicity != null) {
            all.addAll(r.staticAtomicity); // the engine's blocks no trial made happen: predicted, tried, not induced
        }
        for (Candidate c : all) {
            if (c.sites.size() >= 2) {
                blocks.computeIfAbsent(c.sites.get(0).key() + "|" + c.sites.get(1).key(), k -> new ArrayList<>()).add(c);
            }
        }
        Set<String> predicted = new TreeSet<>(), candidates = new TreeSet<>(), induced = new TreeSet<>(), real = new TreeSet<>();
        Map<String, Set<String>> byPredictor = new LinkedHashMap<>();
        byPredictor.put("velodrome", new TreeSet<>()); // the dynamic predictor: its column shows 0, not "-"
        byPredictor.put("static", new TreeSet<>());
        Map<Truth.Pair, List<Candidate>> byTruth = new LinkedHashMap<>();
        if (truth != null) {
            truth.pairs.forEach(t -> byTruth.put(t, new ArrayList<>()));
        }
        List<Map<String, Object>> unlisted = new ArrayList<>();
        blocks.forEach((key, cs) -> {
            cs.forEach(c -> c.predictors.keySet().forEach(p -> byPredictor.computeIfAbsent(p, x -> new TreeSet<>()).add(key)));
            if (cs.stream().anyMatch(c -> !c.predictors.isEmpty())) {
                predicted.add(key);
            }
            String v = best(cs);
            if (cs.stream().anyMatch(c -> c.verdict != null)) {
                candidates.add(key);
            }
            if (induced(v)) {
                induced.add(key);
            }
            Truth.Pair t = truth == null ? null : truth.match(cs.get(0).sites.get(0), cs.get(0).sites.get(1));
            if (t != null) {
                byTruth.get(t).addAll(cs);
                if (t.real()) {
                    real.add(key);
                }
            } else {
                unlisted.add(view(null, cs));
            }
        });
        Map<String, Object> sizes = new LinkedHashMap<>();
        sizes.put("predicted", predicted.size());
        byPredictor.forEach((p, s) -> sizes.put(p, s.size()));
        sizes.put("candidates", candidates.size());
        sizes.put("induced", induced.size());
        sizes.put("real", truth == null ? null : real.size());
        sizes.put("harmful", (int) blocks.values().stream().filter(cs -> "harmful".equals(best(cs))).count());
        json.put("truthFile", truth != null);
        json.put("sizes", sizes);
        List<Map<String, Object>> listed = new ArrayList<>();
        List<String> realNotInduced = new ArrayList<>(), falseInduced = new ArrayList<>();
        long realTruth = 0, realPredicted = 0;
        for (Map.Entry<Truth.Pair, List<Candidate>> e : byTruth.entrySet()) {
            Truth.Pair t = e.getKey();
            Map<String, Object> m = view(t, e.getValue());
            listed.add(m);
            boolean ind = induced(String.valueOf(m.get("verdict")));
            if (t.real()) {
                realTruth++;
                realPredicted += e.getValue().stream().anyMatch(c -> !c.predictors.isEmpty()) ? 1 : 0;
                if (!ind) {
                    realNotInduced.add(t.name());
                }
            } else if (ind) {
                falseInduced.add(t.name());
            }
        }
        Map<String, Object> q = new LinkedHashMap<>();
        long tp = predicted.stream().filter(real::contains).count();
        q.put("precision", truth == null || predicted.isEmpty() ? null : (double) tp / predicted.size());
        q.put("recall", realTruth == 0 ? null : (double) realPredicted / realTruth);
        json.put("quality", q);
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("realNotConfirmed", realNotInduced);
        summary.put("falseInduced", falseInduced);
        summary.put("unlisted", unlisted.size());
        summary.put("unlistedInduced", unlisted.stream().filter(m -> induced(String.valueOf(m.get("verdict")))).count());
        json.put("truth", summary);
        listed.addAll(unlisted);
        json.put("blocks", listed);
        check = truth == null ? null : real.containsAll(induced);
        if (truth != null) {
            checks.put(CHECK, check);
            Set<String> statics = byPredictor.get("static");
            checks.put(REAL_STATIC, statics.containsAll(real));
            checks.put(VELODROME_STATIC, statics.containsAll(byPredictor.get("velodrome")));
        }
    }

    private static boolean induced(String verdict) {
        return "real".equals(verdict) || "harmful".equals(verdict);
    }

    /** A block as the table shows it: its label and truth (when listed), verdict, predictors, trials, the interleaving line. */
    private static Map<String, Object> view(Truth.Pair t, List<Candidate> cs) {
        Map<String, Object> m = new LinkedHashMap<>();
        if (t != null) {
            m.put("label", t.name());
            m.put("sites", List.of(t.a(), t.b()));
            m.put("truth", t.truth());
        } else {
            m.put("truth", null);
        }
        String v = best(cs);
        m.put("verdict", v);
        if (!cs.isEmpty()) {
            Candidate c = cs.stream().filter(x -> v.equals(x.verdict)).findFirst().orElse(cs.get(0));
            m.put("key", c.key);
            m.put("lines", c.sites.stream().map(s -> s.file() + ":" + s.line()).toList());
            Set<String> preds = new TreeSet<>();
            cs.forEach(x -> preds.addAll(x.predictors.keySet()));
            m.put("predictors", preds);
            if (c.confirm != null) {
                m.put("trials", c.confirm.trials);
                m.put("hits", c.confirm.raced);
                m.put("exceptions", c.confirm.exceptions);
            }
            m.put("seed", c.seed);
        }
        if (t != null) {
            m.put("why", t.why());
        }
        return m;
    }

    private static String best(List<Candidate> cs) {
        for (String v : List.of("harmful", "real", "unconfirmed", "unreached", "untried")) {
            if (cs.stream().anyMatch(c -> v.equals(c.verdict))) {
                return v;
            }
        }
        return cs.isEmpty() ? "not predicted" : "not a candidate";
    }
}
