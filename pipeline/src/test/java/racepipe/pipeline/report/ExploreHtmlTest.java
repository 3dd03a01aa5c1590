package racepipe.pipeline.report;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ExploreHtmlTest {
    @Test
    void page_should_show_coverage_races_and_failures_escaped_with_their_replays() {
        Map<String, Object> race = Map.of("variable", "demo.T.<x>", "executions", 2, "replay", "racepipe explore a.jar --replay '0*2'",
                "sites", List.of(Map.of("access", "write", "class", "demo.T", "method", "a", "file", "T.java", "line", 7)));
        Map<String, Object> fail = Map.of("kind", "deadlock", "message", "T0 waits for L", "stack", "demo.T.run(T.java:3) <- ",
                "replay", "racepipe explore a.jar --replay '0*3'");
        String html = ExploreHtml.page(Map.of("program", Map.of("jar", "a.jar", "entry", "demo.T"), "executions", 3,
                "complete", false, "incomplete", "the budget ran out", "races", List.of(race), "failures", List.of(fail)));
        assertTrue(html.contains("the budget ran out") && html.contains(">3<"), html);
        assertTrue(html.contains("demo.T.&lt;x&gt;") && html.contains("(T.java:7)") && html.contains("--replay &#39;0*2&#39;"), html);
        assertTrue(html.contains("<b>deadlock</b>: T0 waits for L") && html.contains("at demo.T.run(T.java:3)"), html);
    }
}
