package racepipe.statics;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A java.util.concurrent lock and the monitor of the same object are two locks, on both engines. */
class LockIdentityTest {
    @Test
    void lock_and_monitor_of_one_object_should_not_exclude_each_other_wala() {
        check("wala");
    }

    @Test
    void lock_and_monitor_of_one_object_should_not_exclude_each_other_sootup() {
        check("sootup");
    }

    private static void check(String engine) {
        var pairs = Fixtures.pairs(Fixtures.analyze(engine, "lockidentity"), "lockidentity");
        assertThat(pairs).contains("mixedLock mixedMonitor", "rwLock rwMonitor")
                .doesNotContain("locked locked2", "monitored monitored2");
    }
}
