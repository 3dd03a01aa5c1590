package racepipe.statics;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A StampedLock's write stamps and write view guard like a lock; a read stamp does not guard writes. */
class StampedLockTest {
    @Test
    void write_stamps_and_the_write_view_should_guard_and_a_read_stamp_should_not_wala() {
        var pairs = Fixtures.pairs(Fixtures.analyze("wala", "stampedlock"), "stampedlock");
        assertThat(pairs).contains("readSide readSide", "unguarded unguarded")
                .doesNotContain("guarded guarded", "viewGuarded viewGuarded");
    }
}
