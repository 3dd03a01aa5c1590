package racepipe.pipeline.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;
import racepipe.contract.Outcome;

/**
 * One Phase 1 dynamic run as a result file lists it: how it ended and each detector's pair keys;
 * {@code hang}: when it ended with every thread blocked, the scheduler's evidence (kind, what each
 * thread waits for; {@link Hang}), else null.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DetectRun(int index, Long seed, Outcome outcome, Integer exitStatus, List<Thrown> exceptions, String log,
                        Map<String, List<String>> sets, String hang) {

    public DetectRun(int index, Long seed, Outcome outcome, Integer exitStatus, List<Thrown> exceptions, String log,
                     Map<String, List<String>> sets) {
        this(index, seed, outcome, exitStatus, exceptions, log, sets, null);
    }

    /** An uncaught exception of the run. */
    public record Thrown(String thread, String type, String message) {
    }
}
