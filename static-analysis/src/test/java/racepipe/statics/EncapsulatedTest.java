package racepipe.statics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** JDK accesses inside collections that never leave their owner (WALA, Encapsulated). */
class EncapsulatedTest {
    static Set<String> pairs;

    @BeforeAll
    static void analyse() {
        pairs = Fixtures.pairs(Fixtures.analyze("wala", "encapsulated"), "encapsulated");
    }

    @Test
    void a_collection_used_under_its_owner_monitor_should_not_pair() {
        assertThat(pairs).doesNotContain("pop push", "push push", "pop pop");
    }

    @Test
    void a_thread_body_own_collection_should_not_pair() {
        assertThat(pairs).doesNotContain("logAdd logAdd");
    }

    @Test
    void another_collection_insides_should_not_pair() {
        assertThat(pairs).doesNotContain("bookPut viewIter", "bookPut viewPut");
    }

    @Test
    void the_same_shapes_should_pair_when_the_collection_leaves_its_owner_or_its_lock() {
        assertThat(pairs).contains("leakPush leakRaw", "push size", "givenAdd givenAdd", "viewIter viewPut");
    }
}
