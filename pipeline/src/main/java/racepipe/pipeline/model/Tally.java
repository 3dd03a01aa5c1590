package racepipe.pipeline.model;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * What a summary counts of a result's pairs: each predictor's set, the candidates, the induced
 * pairs (keys, sorted), and the verdicts. analyze and racepipe test both summarise with it.
 */
public record Tally(Map<String, List<String>> sets, Map<String, Integer> counts, Map<String, Integer> verdicts) {
    public static final List<String> VERDICTS = List.of("harmful", "real", "unconfirmed", "unreached", "untried");

    /** {@code predictors}: the sets to keep, in order; {@code candidate}: which pairs Phase 2 was to try. */
    public static Tally of(List<RacePair> pairs, List<String> predictors, Predicate<RacePair> candidate) {
        Map<String, TreeSet<String>> sets = new LinkedHashMap<>();
        predictors.forEach(k -> sets.put(k, new TreeSet<>()));
        sets.put("candidates", new TreeSet<>());
        sets.put("induced", new TreeSet<>());
        Map<String, Integer> verdicts = new LinkedHashMap<>();
        VERDICTS.forEach(v -> verdicts.put(v, 0));
        for (RacePair p : pairs) {
            for (String k : predictors) {
                if (p.predictors.containsKey(k)) {
                    sets.get(k).add(p.key);
                }
            }
            if (candidate.test(p)) {
                sets.get("candidates").add(p.key);
            }
            if (p.induced()) {
                sets.get("induced").add(p.key);
            }
            if (p.verdict != null) {
                verdicts.merge(p.verdict, 1, Integer::sum);
            }
        }
        Map<String, List<String>> lists = new LinkedHashMap<>();
        Map<String, Integer> counts = new LinkedHashMap<>();
        sets.forEach((k, v) -> {
            lists.put(k, new ArrayList<>(v));
            counts.put(k, v.size());
        });
        return new Tally(lists, counts, verdicts);
    }
}
