package racepipe.junit5.internal;

import java.util.List;
import java.util.Map;

/**
 * The failure message of a @RaceTest(explore = true): the races (both lines) and failures
 * (exceptions, deadlocks) the exploration found, each with the command that replays its
 * schedule; or, when it found none but did not complete, why: a pass means every schedule ran.
 */
public final class ExploreFailures {
    private ExploreFailures() {
    }

    /** {@code explored}: explore's JSON answer. Null when the exploration completed and found nothing. */
    @SuppressWarnings("unchecked")
    public static String of(Map<String, Object> explored, String test, String file) {
        List<Map<String, Object>> races = (List<Map<String, Object>>) explored.getOrDefault("races", List.of());
        List<Map<String, Object>> failures = (List<Map<String, Object>>) explored.getOrDefault("failures", List.of());
        Object executions = explored.get("executions");
        if (races.isEmpty() && failures.isEmpty()) {
            if (Boolean.TRUE.equals(explored.get("complete"))) {
                return null;
            }
            return "racepipe: " + test + " is not explored in full: " + explored.get("incomplete") + " after " + executions
                    + " executions; give it more, e.g. @RaceTest(explore = true, budget = \"5m\") (" + file + ")";
        }
        StringBuilder sb = new StringBuilder("racepipe explore: ");
        if (!races.isEmpty()) {
            sb.append(races.size()).append(races.size() == 1 ? " data race" : " data races");
        }
        if (!failures.isEmpty()) {
            sb.append(races.isEmpty() ? "" : " and ").append(failures.size()).append(failures.size() == 1 ? " failure" : " failures");
        }
        sb.append(" in ").append(test).append(" (").append(executions).append(" executions")
                .append(Boolean.TRUE.equals(explored.get("complete")) ? ", complete" : ", not complete").append("; ").append(file).append(')');
        for (Map<String, Object> r : races.subList(0, Math.min(Failures.SHOWN, races.size()))) {
            sb.append("\nrace on ").append(r.get("variable"));
            for (Map<String, Object> s : (List<Map<String, Object>>) r.getOrDefault("sites", List.of())) {
                sb.append("\n  ").append(s.get("access")).append(" at ").append(s.get("class")).append('.').append(s.get("method"))
                        .append(" (").append(s.get("file")).append(':').append(s.get("line")).append(')');
            }
            sb.append("\n  replay: ").append(r.get("replay"));
        }
        for (Map<String, Object> f : failures.subList(0, Math.min(Failures.SHOWN, failures.size()))) {
            sb.append('\n').append(f.get("kind")).append(": ").append(f.get("message"));
            Object stack = f.get("stack");
            if (stack != null) {
                for (String frame : String.valueOf(stack).split(" <- ")) {
                    if (!frame.isBlank()) {
                        sb.append("\n      at ").append(frame.strip());
                    }
                }
            }
            sb.append("\n  replay: ").append(f.get("replay"));
        }
        return sb.toString();
    }
}
