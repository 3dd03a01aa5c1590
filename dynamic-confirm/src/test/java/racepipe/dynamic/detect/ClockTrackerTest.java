package racepipe.dynamic.detect;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * ClockTracker: which synchronisation carries a clock from one thread to another. "a sees b's
 * epoch" is the test ClockedDetector makes: b's access happened before a's present.
 */
class ClockTrackerTest {
    private final ClockTracker hb = new ClockTracker(true);
    private final ClockTracker hybrid = new ClockTracker(false);

    /** Thread t's current epoch: the clock of its next access. */
    private static int epoch(ClockTracker c, int t) {
        return c.of(t).get(t);
    }

    @Test
    void a_new_thread_should_start_at_one_and_see_nothing_else() {
        assertThat(epoch(hb, 3)).isEqualTo(1);
        assertThat(hb.of(3).sees(4, epoch(hb, 4))).isFalse();
    }

    @Test
    void start_should_order_the_parents_past_before_the_child_and_not_its_future() {
        int before = epoch(hybrid, 0);
        hybrid.start(0, 1);
        assertThat(hybrid.of(1).sees(0, before)).isTrue();
        assertThat(hybrid.of(1).sees(0, epoch(hybrid, 0))).isFalse();
    }

    @Test
    void join_should_order_the_joined_threads_work_before_the_joiner() {
        hybrid.start(0, 1);
        int childWork = epoch(hybrid, 1);
        assertThat(hybrid.of(0).sees(1, childWork)).isFalse();
        hybrid.join(0, 1);
        assertThat(hybrid.of(0).sees(1, childWork)).isTrue();
    }

    @Test
    void release_then_acquire_should_order_only_with_lock_edges() {
        for (ClockTracker c : new ClockTracker[] {hb, hybrid}) {
            int work = epoch(c, 1);
            c.release(1, 9, true);
            c.acquire(2, 9, true);
            assertThat(c.of(2).sees(1, work)).isEqualTo(c == hb);
            assertThat(c.of(2).sees(1, epoch(c, 1))).isFalse(); // after the release: not ordered
        }
    }

    @Test
    void a_read_mode_acquire_should_see_exclusive_releases_only() {
        int readerWork = epoch(hb, 1);
        hb.release(1, 5, false); // a reader's release
        hb.acquire(2, 5, false); // another reader
        assertThat(hb.of(2).sees(1, readerWork)).isFalse();
        hb.acquire(3, 5, true); // a writer sees every release
        assertThat(hb.of(3).sees(1, readerWork)).isTrue();
        int writerWork = epoch(hb, 3);
        hb.release(3, 5, true);
        hb.acquire(4, 5, false);
        assertThat(hb.of(4).sees(3, writerWork)).isTrue();
    }

    @Test
    void notify_then_wait_return_should_order_for_hybrid_too() {
        int work = epoch(hybrid, 1);
        hybrid.notifyWaiters(1, 7);
        hybrid.waitReturn(2, 7);
        assertThat(hybrid.of(2).sees(1, work)).isTrue();
        hybrid.waitReturn(3, 8); // nobody notified 8
        assertThat(hybrid.of(3).sees(1, work)).isFalse();
    }

    @Test
    void a_volatile_write_then_read_should_order_only_with_lock_edges() {
        for (ClockTracker c : new ClockTracker[] {hb, hybrid}) {
            int work = epoch(c, 1);
            c.volatileAccess(1, 4, true);
            c.volatileAccess(2, 4, false);
            assertThat(c.of(2).sees(1, work)).isEqualTo(c == hb);
            c.volatileAccess(3, 4, true); // a write takes no edge
            assertThat(c.of(3).sees(1, work)).isFalse();
        }
    }
}
