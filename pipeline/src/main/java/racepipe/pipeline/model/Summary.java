package racepipe.pipeline.model;

import java.util.List;
import java.util.Map;

/**
 * analyze's summary: the predictor, candidate and induced sets (pair keys), their sizes, the
 * verdict counts and each phase's seconds (summed over the sessions of a resumed run).
 */
public record Summary(Map<String, List<String>> sets, Map<String, Integer> counts,
                      Map<String, Integer> verdicts, Map<String, Double> phases) {
}
