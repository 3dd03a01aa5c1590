package racepipe.pipeline.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import racepipe.contract.Outcome;
import racepipe.contract.TrialResult;

/** A trial as a pair lists it: seed, race, outcome, exception and the schedule's digest. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TrialSummary(long seed, boolean raced, Outcome outcome, String exception, String first, String schedule,
                           String note) {

    public static TrialSummary of(TrialResult t) {
        return new TrialSummary(t.seed(), t.raced(), t.outcome(),
                t.exception() == null ? null : t.exception().type() + ": " + t.exception().message(),
                t.race() == null ? null : t.race().first(), t.schedule(), t.note());
    }
}
