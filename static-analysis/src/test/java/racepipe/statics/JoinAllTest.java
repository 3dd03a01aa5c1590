package racepipe.statics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Ordering after joins (WALA): a loop that joins every thread started from an array or a list; an interrupted join. */
class JoinAllTest {
    static Set<String> pairs;

    @BeforeAll
    static void analyse() {
        pairs = Fixtures.pairs(Fixtures.analyze("wala", "joinall"), "joinall");
    }

    @Test
    void accesses_after_the_join_loop_should_not_pair_with_the_workers() {
        assertThat(pairs).doesNotContain("after work").contains("work work");
    }

    @Test
    void accesses_inside_the_join_loop_should_still_pair() {
        assertThat(pairs).contains("during work");
    }

    @Test
    void a_method_called_only_before_the_starts_and_after_the_join_loop_should_not_pair() {
        assertThat(pairs).doesNotContain("touch work").contains("inside work");
    }

    @Test
    void a_join_loop_that_goes_on_after_an_interrupted_join_should_not_order() {
        assertThat(pairs).contains("otherAfter otherWork");
    }

    @Test
    void accesses_after_a_loop_joining_every_thread_of_a_list_should_not_pair() {
        Set<String> list = Fixtures.pairs(Fixtures.analyze("wala", "joinlist"), "joinlist");
        assertThat(list).doesNotContain("after work").contains("during work", "work work");
    }

    @Test
    void a_list_changed_after_its_threads_started_should_not_order() {
        Set<String> list = Fixtures.pairs(Fixtures.analyze("wala", "joinlist"), "joinlist");
        assertThat(list).contains("otherAfter otherWork");
    }

    @Test
    void accesses_after_getting_every_future_of_a_list_should_not_pair_with_the_tasks() {
        Set<String> futures = Fixtures.pairs(Fixtures.analyze("wala", "joinfutures"), "joinfutures");
        assertThat(futures).doesNotContain("tallyAfter tallyWork").contains("tallyWork tallyWork");
    }

    @Test
    void a_list_of_futures_that_lost_one_should_not_order() {
        Set<String> futures = Fixtures.pairs(Fixtures.analyze("wala", "joinfutures"), "joinfutures");
        assertThat(futures).contains("lateAfter lateWork");
    }

    @Test
    void the_handler_of_an_interrupted_join_should_not_be_ordered_after_the_thread() {
        Set<String> one = Fixtures.pairs(Fixtures.analyze("wala", "interruptedjoin"), "interruptedjoin");
        assertThat(one).contains("interrupted work").doesNotContain("joined work");
    }
}
