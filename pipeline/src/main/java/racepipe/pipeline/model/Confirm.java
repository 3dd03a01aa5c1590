package racepipe.pipeline.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import racepipe.contract.Outcome;
import racepipe.contract.TrialResult;

/** What confirming one pair showed: the "confirm" block of a pair (the totals of its trials). */
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class Confirm {
    public String scheduler;
    public int trials;
    /** The most trials the pair could get (--trials); it got fewer when its verdict was settled first. */
    public Integer max;
    /** Why its trials stopped before {@link #max}: the stopping rule's reason (docs/architecture.md). */
    public String settled;
    public int raced;
    /** Exception type -> trials that threw it. */
    public Map<String, Integer> exceptions = new TreeMap<>();
    /** Every outcome label -> trials that ended so (zeros included). */
    public Map<String, Integer> outcomes = new LinkedHashMap<>();
    public int thrownAfterRace;
    public int watchdogFirings;
    public Long seed;
    /** Why the exceptions are (or are not) the pair's own, when a raced trial threw. */
    public String attribution;
    public Examples examples;
    public String replay;
    public String note;

    /** A trial that raced and one that crashed (the crash is the one to replay first). */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Examples(TrialResult race, TrialResult crash) {
        /** The crash, else the race, else null. */
        public TrialResult best() {
            return crash != null ? crash : race;
        }
    }

    public Confirm() {
    }

    /** A pair no trial ran for, and why. */
    public static Confirm skipped(String why) {
        Confirm c = new Confirm();
        c.note = why;
        return c;
    }

    public int outcome(Outcome o) {
        return outcomes.getOrDefault(o.label(), 0);
    }
}
