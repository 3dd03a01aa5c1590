package racepipe.statics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Threads on bodies of their own, told apart although one run() serves them all (WALA, ThreadOwned). */
class TwoBodiesTest {
    static Set<String> pairs;

    @BeforeAll
    static void analyse() {
        pairs = Fixtures.pairs(Fixtures.analyze("wala", "twobodies"), "twobodies");
    }

    @Test
    void two_threads_each_on_its_own_body_should_not_pair() {
        assertThat(pairs).doesNotContain("counter counter");
    }

    @Test
    void a_body_also_kept_in_a_list_stays_its_thread_own() {
        assertThat(pairs).doesNotContain("served served");
    }

    @Test
    void one_body_for_two_threads_or_a_body_reached_from_the_list_should_still_pair() {
        assertThat(pairs).contains("tally tally", "poke pokedRun");
    }
}
