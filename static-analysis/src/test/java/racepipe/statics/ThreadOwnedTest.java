package racepipe.statics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Objects owned by a thread instance's body (WALA, ThreadOwned). */
class ThreadOwnedTest {
    static Set<String> pairs;

    @BeforeAll
    static void analyse() {
        pairs = Fixtures.pairs(Fixtures.analyze("wala", "threadowned"), "threadowned");
    }

    @Test
    void instances_of_one_thread_on_their_own_body_objects_should_not_pair() {
        assertThat(pairs).doesNotContain("scratch scratch", "rng rng", "done done", "ownThread ownThread", "keeper keeper",
                "viaParam viaParam");
    }

    @Test
    void an_object_shared_beyond_its_owner_should_still_pair() {
        assertThat(pairs).contains("given given", "other scratch", "other other", "sharedCells sharedCells");
    }
}
