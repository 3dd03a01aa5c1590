package racepipe.junit5.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class MarkersTest {
    private static final Set<String> PROGRAM = Set.of("demo/CounterTest", "demo/Counter");
    private static final Path LOGS = Path.of("out/runs");

    @Test
    void problem_should_be_none_when_a_program_class_was_instrumented() {
        assertThat(Markers.problem(List.of("agent 3\ndemo/Counter\nracepipe/junit5/Probe\n"), PROGRAM, "T.m", LOGS)).isNull();
    }

    @Test
    void problem_should_say_the_body_never_ran() {
        assertThat(Markers.problem(List.of(), PROGRAM, "T.m", LOGS)).contains("never ran").contains("out/runs");
    }

    @Test
    void problem_should_say_the_agent_was_missing() {
        assertThat(Markers.problem(List.of("no agent\n"), PROGRAM, "T.m", LOGS)).contains("without racepipe's agent");
    }

    @Test
    void problem_should_say_nothing_of_the_program_was_instrumented() {
        assertThat(Markers.problem(List.of("agent 1\nracepipe/junit5/Probe\n"), PROGRAM, "T.m", LOGS))
                .contains("instrumented no field or array access").contains("class-file version 61");
    }
}
