package racepipe.statics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Barrier phases (WALA, BarrierPhases and MonitorBarrier). */
class BarrierPhaseTest {
    static Set<String> pairs;

    @BeforeAll
    static void analyse() {
        pairs = Fixtures.pairs(Fixtures.analyze("wala", "barrierphases"), "barrierphases");
    }

    @Test
    void accesses_in_different_phases_of_a_cyclic_barrier_should_not_pair() {
        assertThat(pairs).doesNotContain("cyclicRead cyclicWrite").contains("cyclicWrite cyclicWrite");
    }

    @Test
    void a_hand_written_generation_barrier_should_order_its_phases_also_in_a_called_method() {
        assertThat(pairs).doesNotContain("monitorRead monitorWrite").contains("monitorWrite monitorWrite");
    }

    @Test
    void turns_by_the_loop_counter_between_awaits_should_not_pair() {
        assertThat(pairs).doesNotContain("ownerWrite ownerWrite").contains("flipWrite flipWrite");
    }

    @Test
    void rows_above_the_episode_row_should_not_pair_with_it() {
        assertThat(pairs).doesNotContain("above above").contains("fromK fromK");
    }

    @Test
    void more_threads_than_parties_should_still_pair() {
        assertThat(pairs).contains("manyRead manyWrite");
    }

    @Test
    void a_monitor_barrier_that_checks_no_generation_should_not_order() {
        assertThat(pairs).contains("looseRead looseWrite");
    }
}
