package racepipe.statics;

import java.util.List;
import java.util.Map;

/** What one engine found: the pairs, the time and heap of each stage, and counts per stage. */
public record StaticResult(String engine, List<StaticPair> pairs, List<StageTime> stages,
                           Map<String, Object> stats) {
}
