package racepipe.junit5.internal;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ExploreFailuresTest {
    @Test
    void complete_exploration_without_findings_should_pass() {
        assertNull(ExploreFailures.of(Map.of("executions", 4, "complete", true, "races", List.of(), "failures", List.of()), "T.m", "x.json"));
    }

    @Test
    void incomplete_exploration_without_findings_should_fail_and_say_why() {
        String m = ExploreFailures.of(Map.of("executions", 90, "complete", false, "incomplete", "the budget ran out",
                "races", List.of(), "failures", List.of()), "T.m", "x.json");
        assertTrue(m.contains("not explored in full: the budget ran out after 90 executions"), m);
    }

    @Test
    void race_and_failure_should_show_both_lines_and_their_replays() {
        Map<String, Object> race = Map.of("variable", "demo.T.hits", "replay", "racepipe explore ... --replay '0*2.1'",
                "sites", List.of(Map.of("access", "write", "class", "demo.T", "method", "a", "file", "T.java", "line", 7),
                        Map.of("access", "read", "class", "demo.T", "method", "b", "file", "T.java", "line", 9)));
        Map<String, Object> fail = Map.of("kind", "exception", "message", "java.lang.IllegalStateException: lost update",
                "stack", "demo.T.main(T.java:12) <- ", "replay", "racepipe explore ... --replay '0*3'");
        String m = ExploreFailures.of(Map.of("executions", 4, "complete", true, "races", List.of(race), "failures", List.of(fail)),
                "T.m", "x.json");
        assertTrue(m.startsWith("racepipe explore: 1 data race and 1 failure in T.m (4 executions, complete"), m);
        assertTrue(m.contains("(T.java:7)") && m.contains("(T.java:9)") && m.contains("--replay '0*2.1'"), m);
        assertTrue(m.contains("exception: java.lang.IllegalStateException: lost update") && m.contains("at demo.T.main(T.java:12)"), m);
    }
}
