package racepipe.pipeline.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;
import racepipe.contract.Outcome;

/** One Phase 1 dynamic run as a result file lists it: how it ended and each detector's pair keys. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DetectRun(int index, Long seed, Outcome outcome, Integer exitStatus, List<Thrown> exceptions, String log,
                        Map<String, List<String>> sets) {

    /** An uncaught exception of the run. */
    public record Thrown(String thread, String type, String message) {
    }
}
