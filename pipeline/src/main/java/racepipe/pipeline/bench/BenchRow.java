package racepipe.pipeline.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import racepipe.contract.Outcome;
import racepipe.contract.RunResult;
import racepipe.pipeline.model.DetectRun;
import racepipe.pipeline.model.RacePair;
import racepipe.pipeline.model.ResultFile;

/**
 * One benchmark's line of the research table: the predictor sets, candidates, induced and real
 * pairs, each predictor's precision and recall against the truth, and the containment checks.
 */
public final class BenchRow {
    static final List<String> PREDICTORS = List.of("static:wala", "static:sootup", "ls", "eraser", "hybrid", "hb", "shb",
            "wcp", "syncp");

    public final String name;
    public final Map<String, Object> json = new LinkedHashMap<>();

    public BenchRow(String name, ResultFile r, Truth truth, Map<String, Double> phases) {
        this(name, r, truth, new RealSource(truth, null), phases);
    }

    /** With the Real set from {@code source}: the truth file, or an exploration (see {@link RealSource}). */
    public BenchRow(String name, ResultFile r, Truth truth, RealSource source, Map<String, Double> phases) {
        this(name, r, truth, source, CycleTruth.none(), phases);
    }

    /** With the benchmark's lock-cycle truth too (deadlocks.tsv): the deadlock sets and their checks (see {@link DeadlockSets}). */
    public BenchRow(String name, ResultFile r, Truth truth, RealSource source, CycleTruth cycles, Map<String, Double> phases) {
        this.name = name;
        Map<String, Set<String>> sets = new LinkedHashMap<>();
        PREDICTORS.forEach(p -> sets.put(p, new TreeSet<>()));
        Set<String> candidates = new TreeSet<>(), induced = new TreeSet<>(), real = new TreeSet<>(), falseKeys = new TreeSet<>();
        Map<Truth.Pair, List<RacePair>> byTruth = new LinkedHashMap<>();
        truth.pairs.forEach(t -> byTruth.put(t, new ArrayList<>()));
        for (RacePair p : r.pairs) {
            PREDICTORS.forEach(k -> {
                if (p.predictors.containsKey(k)) {
                    sets.get(k).add(p.key);
                }
            });
            if (p.verdict != null) {
                candidates.add(p.key);
            }
            if ("real".equals(p.verdict) || "harmful".equals(p.verdict)) {
                induced.add(p.key);
            }
            Truth.Pair t = truth.match(p);
            if (t != null) {
                byTruth.get(t).add(p);
                (source.real(t) ? real : falseKeys).add(p.key);
            } else if (source.realUnlisted(p)) {
                real.add(p.key);
            }
        }
        json.put("name", name);
        Map<String, Integer> sizes = new LinkedHashMap<>();
        sets.forEach((k, v) -> sizes.put(k, v.size()));
        sizes.put("candidates", candidates.size());
        sizes.put("induced", induced.size());
        sizes.put("real", real.size());
        sizes.put("harmful", (int) r.pairs.stream().filter(p -> "harmful".equals(p.verdict)).count());
        json.put("sizes", sizes);
        Map<String, Object> quality = new LinkedHashMap<>();
        for (String k : PREDICTORS) {
            quality.put(k, quality(sets.get(k), real, byTruth, source, k));
        }
        json.put("quality", quality);
        Map<String, Boolean> checks = checks(r, candidates, induced, real, byTruth, sets, source);
        json.put("checks", checks);
        json.put("real", source.json());
        List<Map<String, Object>> pairs = truthPairs(byTruth, r, truth);
        json.put("pairs", pairs);
        json.put("truth", truthSummary(pairs));
        json.put("deadlocks", DeadlockSets.of(r, cycles, checks));
        json.put("phases", phases);
    }

    /** Adds the atomicity sets ({@link AtomicityRow}) and, with a truth file ({@code truth} not null), their checks. */
    @SuppressWarnings("unchecked")
    public BenchRow atomicity(ResultFile r, Truth truth) {
        AtomicityRow a = new AtomicityRow(r, truth);
        json.put("atomicity", a.json);
        ((Map<String, Boolean>) json.get("checks")).putAll(a.checks);
        return this;
    }

    /** Precision over the pairs it reported (unlisted ones count against it); recall over the real truth pairs. */
    private static Map<String, Object> quality(Set<String> reported, Set<String> real, Map<Truth.Pair, List<RacePair>> byTruth,
                                               RealSource source, String predictor) {
        long realTruth = byTruth.keySet().stream().filter(source::real).count();
        long found = byTruth.entrySet().stream().filter(e -> source.real(e.getKey())
                && e.getValue().stream().anyMatch(p -> p.predictors.containsKey(predictor))).count();
        long tp = reported.stream().filter(real::contains).count();
        Map<String, Object> q = new LinkedHashMap<>();
        q.put("precision", reported.isEmpty() ? null : (double) tp / reported.size());
        q.put("recall", realTruth == 0 ? null : (double) found / realTruth);
        return q;
    }

    private static Map<String, Boolean> checks(ResultFile r, Set<String> candidates, Set<String> induced, Set<String> real,
                                               Map<Truth.Pair, List<RacePair>> byTruth, Map<String, Set<String>> sets,
                                               RealSource source) {
        Map<String, Boolean> c = new LinkedHashMap<>();
        boolean chain = true, predictive = true, predictiveRan = false, syncp = true, clean = true;
        for (DetectRun run : r.runs == null ? List.<DetectRun>of() : r.runs) {
            // a failure of the detectors' own (RunResult.DETECTORS) leaves the run's sets unsound
            clean &= run.exceptions() == null || run.exceptions().stream().noneMatch(t -> RunResult.DETECTORS.equals(t.thread()));
            Map<String, List<String>> s = run.sets();
            if (s != null) {
                chain &= new LinkedHashSet<>(s.get("hybrid")).containsAll(s.get("hb"))
                        && new LinkedHashSet<>(s.get("ls")).containsAll(s.get("hybrid"));
                if (s.get("shb") != null && s.get("wcp") != null && s.get("syncp") != null) {
                    predictiveRan = true;
                    predictive &= new LinkedHashSet<>(s.get("hb")).containsAll(s.get("shb"))
                            && new LinkedHashSet<>(s.get("wcp")).containsAll(s.get("hb"));
                    // HB ⊆ SyncP holds for the first race only (SyncpDetector); SHB ⊆ SyncP on every trace
                    syncp &= new LinkedHashSet<>(s.get("syncp")).containsAll(s.get("shb"));
                }
            }
        }
        c.put("the detectors saw every event of every run", clean);
        c.put("HB ⊆ Hybrid ⊆ LS on every run", chain);
        if (predictiveRan) {
            c.put("SHB ⊆ HB ⊆ WCP on every run", predictive);
            c.put("SHB ⊆ SyncP on every run", syncp);
        }
        c.put("RF = Candidates ∩ Induced", candidates.containsAll(induced));
        c.put("Induced ⊆ Real", real.containsAll(induced));
        c.put("Real ⊆ Static", byTruth.entrySet().stream().filter(e -> source.real(e.getKey()))
                .allMatch(e -> e.getValue().stream().anyMatch(p -> p.predictors.containsKey("static:wala"))));
        return c;
    }

    private static List<Map<String, Object>> truthPairs(Map<Truth.Pair, List<RacePair>> byTruth, ResultFile r, Truth truth) {
        List<Map<String, Object>> out = new ArrayList<>();
        byTruth.forEach((t, ps) -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("label", t.name());
            // the key that gave the verdict (else the first one seen): a labelled pair names its key as an unlabelled one does
            Map<String, Object> confirm = confirmOf(ps);
            m.put("key", confirm.containsKey("key") ? confirm.get("key") : ps.isEmpty() ? null : ps.get(0).key);
            m.put("sites", List.of(t.a(), t.b()));
            m.put("truth", t.truth());
            m.put("verdict", best(ps));
            Set<String> preds = new TreeSet<>();
            ps.forEach(p -> preds.addAll(p.predictors.keySet()));
            m.put("predictors", preds);
            m.put("runs", runsSeeing(r, ps));
            m.put("confirm", confirm);
            m.put("keys", ps.stream().map(p -> p.key).toList());
            m.put("why", t.why());
            out.add(m);
        });
        for (RacePair p : r.pairs) {
            if (truth.match(p) == null && p.verdict != null) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("key", p.key);
                m.put("truth", null);
                m.put("verdict", p.verdict);
                m.put("predictors", p.predictors.keySet());
                m.put("runs", runsSeeing(r, List.of(p)));
                m.put("confirm", confirmOf(List.of(p)));
                m.put("jdk", p.sites.stream().anyMatch(s -> s.className().startsWith("java.")));
                out.add(m);
            }
        }
        return out;
    }

    /** Per dynamic detector, the indices of the detect runs whose set holds one of the pairs' keys. */
    private static Map<String, List<Integer>> runsSeeing(ResultFile r, List<RacePair> ps) {
        Map<String, List<Integer>> out = new LinkedHashMap<>();
        List<DetectRun> runs = r.runs == null ? List.of() : r.runs;
        for (String d : List.of("ls", "hybrid", "hb", "shb", "wcp", "syncp")) {
            List<Integer> seen = new ArrayList<>();
            for (int i = 0; i < runs.size(); i++) {
                Map<String, List<String>> sets = runs.get(i).sets();
                Set<String> set = sets == null || sets.get(d) == null ? null : new java.util.HashSet<>(sets.get(d));
                if (set != null && ps.stream().anyMatch(p -> set.contains(p.key))) {
                    seen.add(i);
                }
            }
            out.put(d, seen);
        }
        out.put("of", List.of(runs.size()));
        return out;
    }

    /** Trials and races of the pair's best key (the one that gave its verdict). */
    private static Map<String, Object> confirmOf(List<RacePair> ps) {
        Map<String, Object> c = new LinkedHashMap<>();
        String best = best(ps);
        ps.stream().filter(p -> best.equals(p.verdict) && p.confirm != null).findFirst().ifPresent(p -> {
            c.put("key", p.key);
            c.put("trials", p.confirm.trials);
            c.put("raced", p.confirm.raced);
            c.put("exception", p.confirm.outcome(Outcome.EXCEPTION));
        });
        return c;
    }

    /** The bars in terms of the truth: real pairs not confirmed, false pairs induced, unlisted candidates. */
    private static Map<String, Object> truthSummary(List<Map<String, Object>> pairs) {
        List<String> realUnconfirmed = new ArrayList<>(), falseInduced = new ArrayList<>();
        int unlisted = 0, unlistedJdk = 0, unlistedInduced = 0;
        for (Map<String, Object> m : pairs) {
            String v = String.valueOf(m.get("verdict"));
            boolean induced = v.equals("real") || v.equals("harmful");
            if (m.containsKey("label")) {
                if (!"false".equals(m.get("truth")) && !induced) {
                    realUnconfirmed.add((String) m.get("label"));
                } else if ("false".equals(m.get("truth")) && induced) {
                    falseInduced.add((String) m.get("label"));
                }
            } else if (Boolean.TRUE.equals(m.get("jdk"))) {
                unlistedJdk++;
            } else {
                unlisted++;
                unlistedInduced += induced ? 1 : 0;
            }
        }
        Map<String, Object> t = new LinkedHashMap<>();
        t.put("realNotConfirmed", realUnconfirmed);
        t.put("falseInduced", falseInduced);
        t.put("unlistedCandidates", unlisted);
        t.put("unlistedInduced", unlistedInduced);
        t.put("unlistedJdkCandidates", unlistedJdk);
        return t;
    }

    private static String best(List<RacePair> ps) {
        for (String v : List.of("harmful", "real", "unconfirmed", "unreached", "untried")) {
            if (ps.stream().anyMatch(p -> v.equals(p.verdict))) {
                return v;
            }
        }
        return ps.isEmpty() ? "not predicted" : "not a candidate";
    }
}
