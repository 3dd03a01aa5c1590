package racepipe.pipeline.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import racepipe.pipeline.model.RacePair;
import racepipe.pipeline.model.ResultFile;

/**
 * The predictor sets of a result as sets of pair keys: summary.sets when the pipeline wrote it,
 * else derived from each pair's predictors (and "induced" from confirm.raced).
 */
final class PredictorSets {
    static final List<String> ORDER = List.of("static", "ls", "eraser", "hybrid", "hb", "shb", "wcp", "syncp", "candidates",
            "induced");

    final Map<String, Set<String>> sets = new LinkedHashMap<>();

    PredictorSets(ResultFile r) {
        Map<String, List<String>> given = r == null || r.summary == null || r.summary.sets() == null
                ? Map.of() : r.summary.sets();
        given.forEach((k, keys) -> sets.put(k, new TreeSet<>(keys)));
        List<RacePair> pairs = r == null || r.pairs == null ? List.of() : r.pairs;
        for (RacePair p : pairs) {
            if (p == null || p.key == null) {
                continue;
            }
            if (!given.containsKey("static") && p.predictors != null && truthy(p.predictors.get("static"))) {
                add("static", p.key);
            }
            if (p.predictors != null) {
                for (Map.Entry<String, Object> e : p.predictors.entrySet()) {
                    String name = e.getKey();
                    if (!name.contains(":") && !name.equals("static") && !given.containsKey(name)
                            && truthy(e.getValue())) {
                        add(name, p.key);
                    }
                }
            }
            if (!given.containsKey("induced") && p.confirm != null && p.confirm.raced > 0) {
                add("induced", p.key);
            }
        }
        if (!given.containsKey("candidates")) {
            Set<String> c = new TreeSet<>(get("static"));
            c.addAll(get("hybrid"));
            if (c.isEmpty()) {
                pairs.stream().filter(p -> p != null && p.key != null).forEach(p -> c.add(p.key));
            }
            sets.put("candidates", c);
        }
    }

    private static boolean truthy(Object v) {
        return v instanceof Boolean b ? b : v instanceof Number n && n.doubleValue() > 0;
    }

    private void add(String set, String key) {
        sets.computeIfAbsent(set, k -> new TreeSet<>()).add(key);
    }

    Set<String> get(String name) {
        return sets.getOrDefault(name, Set.of());
    }

    boolean has(String name) {
        return sets.containsKey(name);
    }

    /** The set names in report order: the known ones first, then any others. */
    List<String> names() {
        List<String> out = new java.util.ArrayList<>();
        ORDER.stream().filter(sets::containsKey).forEach(out::add);
        sets.keySet().stream().filter(k -> !ORDER.contains(k)).sorted().forEach(out::add);
        return out;
    }

    static String title(String name) {
        return switch (name) {
            case "static" -> "Static";
            case "ls" -> "Lockset";
            case "eraser" -> "Eraser";
            case "hybrid" -> "Hybrid";
            case "hb" -> "HB";
            case "shb" -> "SHB";
            case "wcp" -> "WCP";
            case "syncp" -> "SyncP";
            case "candidates" -> "Candidates";
            case "induced" -> "Induced";
            default -> name;
        };
    }
}
