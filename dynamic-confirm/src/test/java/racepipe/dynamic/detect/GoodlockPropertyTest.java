package racepipe.dynamic.detect;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import java.util.List;

/**
 * iGoodlock never reports a cycle between acquisitions that a common gate lock guards or that
 * start and join order, whatever nested acquisitions the threads make.
 */
class GoodlockPropertyTest {
    static final int GATE = 99;

    /** Each thread's nested pairs of locks (outer, inner) from 4 locks, sites by position. */
    static void run(EventHub hub, List<List<Integer>> threads, boolean gated, boolean ordered) {
        for (int t = 1; t <= threads.size(); t++) {
            hub.threadStart(0, t);
            List<Integer> locks = threads.get(t - 1);
            if (gated) {
                hub.acquire(t, GATE, true, 1);
            }
            for (int i = 0; i + 1 < locks.size(); i += 2) {
                int outer = locks.get(i), inner = locks.get(i + 1);
                if (outer == inner) {
                    continue;
                }
                hub.acquire(t, outer, true, 100 + outer);
                hub.acquire(t, inner, true, 200 + inner);
                hub.release(t, inner, true);
                hub.release(t, outer, true);
            }
            if (gated) {
                hub.release(t, GATE, true);
            }
            if (ordered) {
                hub.threadJoin(0, t);
            }
        }
    }

    @Property(tries = 200)
    void no_cycle_under_a_gate_lock(@ForAll @Size(min = 2, max = 4) List<@Size(max = 8) List<@IntRange(min = 0, max = 3) Integer>> threads) {
        EventHub hub = new EventHub();
        run(hub, threads, true, false);
        assertThat(hub.goodlock().cycles()).isEmpty();
    }

    @Property(tries = 200)
    void no_cycle_between_start_ordered_threads(@ForAll @Size(min = 2, max = 4) List<@Size(max = 8) List<@IntRange(min = 0, max = 3) Integer>> threads) {
        EventHub hub = new EventHub();
        run(hub, threads, false, true);
        assertThat(hub.goodlock().cycles()).isEmpty();
    }

    @Property(tries = 100)
    void an_inversion_between_parallel_threads_is_a_cycle(@ForAll @IntRange(min = 0, max = 3) int a, @ForAll @IntRange(min = 0, max = 3) int b) {
        if (a == b) {
            return;
        }
        EventHub hub = new EventHub();
        run(hub, List.of(List.of(a, b), List.of(b, a)), false, false);
        assertThat(hub.goodlock().cycles()).hasSize(1);
    }
}
