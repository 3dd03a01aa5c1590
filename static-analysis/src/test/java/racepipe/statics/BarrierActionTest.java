package racepipe.statics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;

/** CyclicBarrier actions (WALA): one barrier's action runs are serialised by the barrier's lock. */
class BarrierActionTest {
    @Test
    void the_action_of_one_barrier_should_not_pair_with_itself_unlike_an_action_shared_by_two() {
        Set<String> pairs = Fixtures.pairs(Fixtures.analyze("wala", "barrieraction"), "barrieraction");
        assertThat(pairs).doesNotContain("own own").contains("twice twice");
    }
}
