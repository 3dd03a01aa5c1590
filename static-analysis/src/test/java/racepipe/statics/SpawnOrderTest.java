package racepipe.statics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Ordering by thread start (WALA): what a single-instance thread does before every start of a
 * thread, also one started in a loop, by an executor, or by its own instances, is no pair.
 */
class SpawnOrderTest {
    static Set<String> pairs;

    @BeforeAll
    static void analyse() {
        pairs = Fixtures.pairs(Fixtures.analyze("wala", "startorder"), "startorder");
    }

    @Test
    void accesses_before_a_loop_of_starts_should_not_pair_with_the_started_threads() {
        assertThat(pairs).doesNotContain("fill use");
    }

    @Test
    void accesses_after_a_start_in_a_loop_should_still_pair() {
        assertThat(pairs).contains("lateWork lateWrite", "lateWork lateWork");
    }

    @Test
    void accesses_before_the_call_that_forks_should_not_pair_with_any_forked_instance() {
        assertThat(pairs).doesNotContain("forkUse seed").contains("forkUse forkUse");
    }

    @Test
    void accesses_before_a_loop_of_submits_should_not_pair_with_the_tasks() {
        assertThat(pairs).doesNotContain("taskInput taskUse").contains("taskUse taskUse");
    }
}
