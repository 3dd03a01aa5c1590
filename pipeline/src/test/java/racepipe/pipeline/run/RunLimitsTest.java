package racepipe.pipeline.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Limits sized by the plain run: a floor, a run 25x + 5 s, a trial 4x + 5 s, a third of the budget at most. */
class RunLimitsTest {
    @Test
    void a_short_program_keeps_the_floor_and_seeded_runs() {
        RunLimits.Limits l = RunLimits.of(new PlainRun.Result(0.1, true, 0), Duration.ofMinutes(10));
        assertThat(l.runMillis()).isEqualTo(10_000);
        assertThat(l.trialMillis()).isEqualTo(10_000);
        assertThat(l.seeded()).isTrue();
    }

    @Test
    void a_five_second_program_gets_room_for_the_detectors_and_unseeded_runs() {
        RunLimits.Limits l = RunLimits.of(new PlainRun.Result(5.0, true, 0), Duration.ofMinutes(10));
        assertThat(l.runMillis()).isEqualTo(130_000);
        assertThat(l.trialMillis()).isEqualTo(25_000);
        assertThat(l.seeded()).isFalse();
        assertThat(l.why()).contains("plain run 5.0 s (exit 0): runs limited to 130 s, trials to 25 s");
    }

    @Test
    void a_run_never_takes_more_than_a_third_of_the_budget() {
        RunLimits.Limits l = RunLimits.of(new PlainRun.Result(30.0, true, 0), Duration.ofMinutes(3));
        assertThat(l.runMillis()).isEqualTo(60_000);
        assertThat(RunLimits.plainCapMillis(Duration.ofMinutes(2))).isEqualTo(30_000);
    }

    @Test
    void a_program_that_does_not_end_plain_sizes_nothing() {
        RunLimits.Limits l = RunLimits.of(new PlainRun.Result(60.0, false, -1), null);
        assertThat(l.runMillis()).isEqualTo(10_000);
        assertThat(l.why()).contains("did not end within 60 s");
    }
}
