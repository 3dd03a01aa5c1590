package racepipe.statics;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The must-lock rule through an owned field (WALA): a monitor guards the array its object's
 * constructor allocated into a final field, not an array handed in from outside.
 */
class OwnedLockTest {
    @Test
    void the_owners_monitor_should_guard_its_owned_array_only() {
        var pairs = Fixtures.pairs(Fixtures.analyze("wala", "ownedlock"), "ownedlock");
        assertThat(pairs).contains("given given").doesNotContain("slot slot");
    }
}
