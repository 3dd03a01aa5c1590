package racepipe.contract;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class OutcomeTest {
    @Test
    void of_should_rank_deadlock_over_exit_over_exception_over_timeout() {
        assertThat(Outcome.of(true, true, true, false)).isEqualTo(Outcome.DEADLOCK);
        assertThat(Outcome.of(false, true, true, false)).isEqualTo(Outcome.EXIT);
        assertThat(Outcome.of(false, false, true, false)).isEqualTo(Outcome.EXCEPTION);
        assertThat(Outcome.of(false, false, false, false)).isEqualTo(Outcome.TIMEOUT);
        assertThat(Outcome.of(false, false, false, true)).isEqualTo(Outcome.OK);
    }

    @Test
    void labels_should_read_back_and_unknown_ones_are_crashes() {
        for (Outcome o : Outcome.values()) {
            assertThat(Outcome.of(o.label())).isEqualTo(o);
            assertThat(o.toString()).isEqualTo(o.label());
        }
        assertThat(Outcome.of("weird")).isEqualTo(Outcome.CRASHED);
        assertThat(Outcome.TIMEOUT.ended()).isFalse();
        assertThat(Outcome.DEADLOCK.ended()).isTrue();
    }
}
