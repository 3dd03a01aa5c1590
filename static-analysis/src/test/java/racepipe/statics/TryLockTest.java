package racepipe.statics;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Lock.tryLock() (WALA): the lock is held on the branch where it returned true, and only there. */
class TryLockTest {
    @Test
    void the_true_branch_of_tryLock_should_hold_the_lock() {
        var pairs = Fixtures.pairs(Fixtures.analyze("wala", "trylock"), "trylock");
        assertThat(pairs).contains("missed missed", "missed2 missed2").doesNotContain("held held", "held2 held2");
    }
}
