package racepipe.pipeline.run;

import java.util.List;
import java.util.Set;
import racepipe.contract.Outcome;
import racepipe.contract.TrialResult;
import racepipe.pipeline.model.DetectRun;
import racepipe.pipeline.model.RacePair;
import racepipe.pipeline.model.TrialSummary;

/**
 * Whether the program never got going, so that no verdict about it can be trusted: a class is
 * missing (an uncaught linkage error: the class path is incomplete), every run's JVM crashed, or
 * every run ended in an exception of thread main before any detector saw a shared access (or
 * predicted a deadlock or an atomicity violation). The
 * answer is one line naming the cause, or null when the program ran.
 */
public final class StartFailure {
    /** Uncaught, these say the class path is incomplete or does not fit the program. */
    static final Set<String> LINKAGE = Set.of("java.lang.NoClassDefFoundError", "java.lang.ClassNotFoundException",
            "java.lang.NoSuchMethodError", "java.lang.NoSuchFieldError", "java.lang.IncompatibleClassChangeError",
            "java.lang.AbstractMethodError", "java.lang.UnsupportedClassVersionError");
    static final String HINT = " (a class is missing: give its jar or folder with --cp)";

    private StartFailure() {
    }

    /** Phase 1's dynamic runs. */
    public static String ofRuns(List<DetectRun> runs) {
        return ofRuns(runs, false);
    }

    /**
     * Phase 1's dynamic runs; {@code otherCandidates}: they predicted a deadlock or an atomicity
     * violation, so threads did share state (a check-then-act whose lost update main's check
     * reports is a program that ran, not one that never got going).
     */
    public static String ofRuns(List<DetectRun> runs, boolean otherCandidates) {
        if (runs == null || runs.isEmpty()) {
            return null;
        }
        for (DetectRun r : runs) {
            for (DetectRun.Thrown t : r.exceptions() == null ? List.<DetectRun.Thrown>of() : r.exceptions()) {
                if (LINKAGE.contains(t.type())) {
                    return "the program never got going: " + shortType(t.type()) + ": " + t.message() + HINT;
                }
            }
        }
        if (runs.stream().allMatch(r -> r.outcome() == Outcome.CRASHED)) {
            return "the program never got going: every run's JVM crashed: " + lastLine(runs.get(0).log());
        }
        boolean mainThrewAlone = runs.stream().allMatch(r -> r.outcome() == Outcome.EXCEPTION && r.exceptions() != null
                && r.exceptions().stream().allMatch(t -> "main".equals(t.thread())));
        boolean nothingShared = !otherCandidates && runs.stream().allMatch(r -> r.sets() == null || r.sets().values().stream().allMatch(List::isEmpty));
        if (mainThrewAlone && nothingShared) {
            DetectRun.Thrown t = runs.get(0).exceptions().get(0);
            return "the program never got going: every run ended in " + shortType(t.type()) + ": " + t.message()
                    + " (thread main) before any detector saw a shared access";
        }
        return null;
    }

    /** The trials of confirm or replay. */
    public static String ofTrials(List<TrialResult> trials) {
        for (TrialResult t : trials) {
            if (t.exception() != null && LINKAGE.contains(t.exception().type())) {
                return "the program never got going: " + shortType(t.exception().type()) + ": " + t.exception().message() + HINT;
            }
        }
        if (!trials.isEmpty() && trials.stream().allMatch(t -> t.outcome() == Outcome.CRASHED)) {
            return "the program never got going: every trial's worker JVM crashed: " + lastLine(trials.get(0).note());
        }
        return null;
    }

    /** The trials analyze kept on its pairs. */
    public static String ofPairs(List<RacePair> pairs) {
        for (RacePair p : pairs) {
            for (TrialSummary t : p.trials == null ? List.<TrialSummary>of() : p.trials) {
                String e = t.exception();
                if (e != null && LINKAGE.contains(e.split(":", 2)[0])) {
                    return "the program never got going: " + shortType(e) + HINT;
                }
            }
        }
        return null;
    }

    static String shortType(String type) {
        int colon = type.indexOf(':');
        String name = colon < 0 ? type : type.substring(0, colon);
        return name.substring(name.lastIndexOf('.') + 1) + (colon < 0 ? "" : type.substring(colon));
    }

    private static String lastLine(String text) {
        if (text == null || text.isBlank()) {
            return "(no output)";
        }
        String[] lines = text.strip().split("\\R|\\s\\|\\s");
        return lines[lines.length - 1].strip();
    }
}
