package racepipe.statics;

import java.util.List;
import java.util.Map;

/**
 * What one engine found: the pairs, the time and heap of each stage, and counts per stage. A run
 * stopped by its limit says why in {@code stats.partial}: its pairs are those found until then.
 */
public record StaticResult(String engine, List<StaticPair> pairs, List<StageTime> stages,
                           Map<String, Object> stats) {
    public static final String PARTIAL = "partial";

    /** Why the analysis stopped early, or null when it ran to the end. */
    public String partial() {
        Object p = stats.get(PARTIAL);
        return p == null ? null : p.toString();
    }
}
