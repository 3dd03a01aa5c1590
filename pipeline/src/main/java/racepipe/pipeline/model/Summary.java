package racepipe.pipeline.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;

/**
 * analyze's summary: the predictor, candidate and induced sets (pair keys), their sizes, the
 * verdict counts and each phase's seconds, summed over the sessions of a resumed run; wall: the
 * sessions' wall-clock seconds (Phase 1's static and dynamic halves overlap, so the phases add
 * up to more), sessions: how many analyze sessions (a first one and its resumes) did the work.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Summary(Map<String, List<String>> sets, Map<String, Integer> counts,
                      Map<String, Integer> verdicts, Map<String, Double> phases, Double wall, Integer sessions) {

    public Summary(Map<String, List<String>> sets, Map<String, Integer> counts, Map<String, Integer> verdicts,
                   Map<String, Double> phases) {
        this(sets, counts, verdicts, phases, null, null);
    }
}
