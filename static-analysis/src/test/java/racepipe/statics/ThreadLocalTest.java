package racepipe.statics;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A ThreadLocal's value, and what only it reaches, is its thread's (WALA), unless inherited. */
class ThreadLocalTest {
    @Test
    void a_threads_own_thread_local_value_should_not_pair() {
        var pairs = Fixtures.pairs(Fixtures.analyze("wala", "threadlocal"), "threadlocal");
        assertThat(pairs).doesNotContain("own own", "ownArray ownArray").contains("shared shared");
    }

    @Test
    void an_inherited_thread_local_value_should_pair() {
        var pairs = Fixtures.pairs(Fixtures.analyze("wala", "inheritable"), "inheritable");
        assertThat(pairs).contains("inherited inherited");
    }
}
