package racepipe.dynamic.detect;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** iGoodlock's examples (PLDI 2009, section 3) as exact sets of cycles, fed through the hub. */
class GoodlockTest {
    static final int A = 1, B = 2, C = 3, GATE = 9;

    /** tid takes outer at site so then inner at site si, then lets both go. */
    static void nested(EventHub hub, int tid, int outer, int so, int inner, int si) {
        hub.acquire(tid, outer, true, so);
        hub.acquire(tid, inner, true, si);
        hub.release(tid, inner, true);
        hub.release(tid, outer, true);
    }

    static List<String> cycles(EventHub hub) {
        return hub.goodlock().cycles().stream().map(c -> java.util.Arrays.toString(c.sites())).toList();
    }

    @Test
    void cycles_should_be_the_one_inversion_of_two_threads() {
        EventHub hub = new EventHub();
        hub.threadStart(0, 1);
        hub.threadStart(0, 2);
        nested(hub, 1, A, 10, B, 11);
        nested(hub, 2, B, 20, A, 21);
        assertThat(cycles(hub)).containsExactly("[10, 11, 20, 21]");
    }

    /** The run deadlocked: each thread holds its first lock and asked for the other's, never got it. */
    @Test
    void cycles_should_include_a_deadlock_that_happened_from_its_requests() {
        EventHub hub = new EventHub();
        hub.threadStart(0, 1);
        hub.threadStart(0, 2);
        hub.acquire(1, A, true, 10);
        hub.acquire(2, B, true, 20);
        hub.request(1, B, 11);
        hub.request(2, A, 21);
        assertThat(cycles(hub)).containsExactly("[10, 11, 20, 21]");
    }

    @Test
    void a_request_and_its_acquire_should_make_one_dependency_and_a_reentrant_one_none() {
        EventHub hub = new EventHub();
        hub.threadStart(0, 1);
        hub.acquire(1, A, true, 10);
        hub.request(1, A, 12); // reentrant
        hub.request(1, B, 11);
        hub.acquire(1, B, true, 11);
        assertThat(hub.goodlock().dependencies()).hasSize(1);
    }

    /** A try-lock never waits for good: an inversion through one cannot deadlock; a lock it took still guards later acquires. */
    @Test
    void cycles_should_be_none_through_a_try_lock_and_keep_what_it_holds() {
        EventHub hub = new EventHub();
        hub.threadStart(0, 1);
        hub.threadStart(0, 2);
        hub.acquire(1, A, true, 10);
        hub.acquire(1, B, true, 11, false); // if (b.tryLock())
        hub.release(1, B, true);
        hub.release(1, A, true);
        nested(hub, 2, B, 20, A, 21);
        assertThat(cycles(hub)).isEmpty();

        hub.acquire(1, C, true, 12, false);
        hub.acquire(1, A, true, 13); // blocking, under the tried C
        hub.release(1, A, true);
        hub.release(1, C, true);
        nested(hub, 2, A, 22, C, 23);
        assertThat(cycles(hub)).containsExactly("[12, 13, 22, 23]");
    }

    @Test
    void cycles_should_be_none_when_a_gate_lock_guards_both() {
        EventHub hub = new EventHub();
        hub.threadStart(0, 1);
        hub.threadStart(0, 2);
        for (int t : new int[] {1, 2}) {
            hub.acquire(t, GATE, true, 5);
            nested(hub, t, t == 1 ? A : B, 10 * t, t == 1 ? B : A, 10 * t + 1);
            hub.release(t, GATE, true);
        }
        assertThat(cycles(hub)).isEmpty();
    }

    @Test
    void cycles_should_be_none_when_the_threads_are_ordered_by_join_and_start() {
        EventHub hub = new EventHub();
        hub.threadStart(0, 1);
        nested(hub, 1, A, 10, B, 11);
        hub.threadJoin(0, 1);
        hub.threadStart(0, 2);
        nested(hub, 2, B, 20, A, 21);
        assertThat(cycles(hub)).isEmpty();
    }

    @Test
    void cycles_should_be_none_within_one_thread() {
        EventHub hub = new EventHub();
        nested(hub, 0, A, 10, B, 11);
        nested(hub, 0, B, 20, A, 21);
        assertThat(cycles(hub)).isEmpty();
    }

    @Test
    void cycles_should_find_three_threads_in_a_ring_once() {
        EventHub hub = new EventHub();
        for (int t = 1; t <= 3; t++) {
            hub.threadStart(0, t);
        }
        nested(hub, 1, A, 10, B, 11);
        nested(hub, 2, B, 20, C, 21);
        nested(hub, 3, C, 30, A, 31);
        assertThat(cycles(hub)).containsExactly("[10, 11, 20, 21, 30, 31]");
    }

    @Test
    void cycles_should_skip_an_acquire_with_no_site() {
        EventHub hub = new EventHub();
        hub.threadStart(0, 1);
        hub.threadStart(0, 2);
        nested(hub, 1, A, -1, B, 11);
        nested(hub, 2, B, 20, A, 21);
        assertThat(cycles(hub)).isEmpty();
    }

    @Test
    void cycles_should_count_a_loop_of_nested_acquires_once() {
        EventHub hub = new EventHub();
        hub.threadStart(0, 1);
        hub.threadStart(0, 2);
        for (int i = 0; i < 1000; i++) {
            nested(hub, 1, A, 10, B, 11);
        }
        nested(hub, 2, B, 20, A, 21);
        assertThat(hub.goodlock().dependencies()).hasSize(2);
        assertThat(cycles(hub)).hasSize(1);
    }
}
