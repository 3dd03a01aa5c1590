package racepipe.statics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Fresh, not yet handed-over objects (WALA). */
class FreshTest {
    static Set<String> pairs;

    @BeforeAll
    static void analyse() {
        pairs = Fixtures.pairs(Fixtures.analyze("wala", "fresh"), "fresh");
    }

    @Test
    void two_threads_filling_their_own_new_arrays_should_not_pair() {
        assertThat(pairs).doesNotContain("fill fill").contains("afterPublish sharedRead");
    }

    @Test
    void writes_each_to_the_array_its_own_activation_allocated_should_not_pair_even_once_published() {
        assertThat(pairs).doesNotContain("afterPublish afterPublish", "afterPublish fill");
    }

    @Test
    void writes_before_a_volatile_publication_should_not_pair_with_its_readers() {
        assertThat(pairs).doesNotContain("snapRead snapWrite", "snapWrite snapWrite")
                .contains("lateRead lateWrite");
    }

    @Test
    void a_constructor_that_publishes_this_should_end_freshness() {
        assertThat(pairs).contains("leaky leakyRead");
    }
}
