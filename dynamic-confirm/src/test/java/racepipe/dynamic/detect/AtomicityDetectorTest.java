package racepipe.dynamic.detect;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Velodrome-style prediction: a conflicting operation that may come between a block's two. */
class AtomicityDetectorTest {
    static final int R = AtomicityDetector.READ, W = AtomicityDetector.WRITE, L = AtomicityDetector.LOCK;
    static final long V = 2L << 32, POOL = 1L << 32;

    private static AtomicityDetector started() {
        AtomicityDetector d = new AtomicityDetector();
        d.threadStart(0, 1);
        d.threadStart(0, 2);
        return d;
    }

    @Test
    void check_then_act_on_a_volatile_should_be_predicted_from_a_serial_trace() {
        AtomicityDetector d = started();
        d.operation(1, 1, 10, R, V, -1); // thread 1: if (v == 0)
        d.operation(1, 1, 11, W, V, -1); //           v = 1
        d.operation(2, 1, 10, R, V, -1); // thread 2 after it, the same
        d.operation(2, 1, 11, W, V, -1);
        assertThat(d.violations()).extracting(AtomicityDetector.Violation::kinds).contains("rww");
        assertThat(d.violations()).allSatisfy(v -> assertThat(v.check()).isEqualTo(10));
    }

    @Test
    void reads_between_reads_should_not_be_a_violation() {
        AtomicityDetector d = started();
        d.operation(1, 1, 10, R, V, -1);
        d.operation(1, 1, 11, R, V, -1);
        d.operation(2, 1, 12, R, V, -1);
        assertThat(d.violations()).isEmpty();
    }

    @Test
    void two_acquisitions_should_be_a_violation_and_one_held_across_should_not() {
        AtomicityDetector d = started();
        d.operation(1, 1, 20, L, POOL, 0); // pool.active(): the acquisition that follows
        d.acquire(1, 0);
        d.release(1, 0);
        d.operation(1, 1, 21, L, POOL, 0); // pool.add()
        d.acquire(1, 0);
        d.release(1, 0);
        d.operation(2, 1, 21, L, POOL, 0);
        d.acquire(2, 0);
        d.release(2, 0);
        assertThat(d.violations()).extracting(AtomicityDetector.Violation::kinds).containsExactly("lll");

        AtomicityDetector g = started();
        for (int t = 1; t <= 2; t++) { // synchronized (pool) { if (pool.active() < 2) pool.add(); }
            g.operation(t, 1, 30, L, POOL, 0);
            g.acquire(t, 0);
            g.operation(t, 1, 31, L, POOL, 0);
            g.operation(t, 1, 32, L, POOL, 0);
            g.release(t, 0);
        }
        assertThat(g.violations()).isEmpty();
    }

    @Test
    void operations_ordered_by_start_or_join_should_not_interleave() {
        AtomicityDetector d = new AtomicityDetector();
        d.operation(0, 1, 40, W, V, -1); // main writes before starting the thread
        d.threadStart(0, 1);
        d.operation(1, 1, 41, R, V, -1);
        d.operation(1, 1, 42, W, V, -1);
        d.threadJoin(0, 1);
        d.operation(0, 2, 43, W, V, -1); // and after joining it
        assertThat(d.violations()).isEmpty();
    }

    @Test
    void threads_past_the_first_few_should_get_their_start_and_join_edges() {
        AtomicityDetector d = new AtomicityDetector();
        for (int t = 1; t <= 9; t++) { // ids past the clocks' first capacity: it grows at a start and at a join
            d.operation(0, t, 40, W, V, -1);
            d.threadStart(0, t);
            d.operation(t, 1, 41, R, V, -1);
            d.operation(t, 1, 42, W, V, -1);
            d.threadJoin(0, t);
        }
        d.threadJoin(0, 17); // a thread not seen before (started outside the model)
        d.operation(0, 10, 43, W, V, -1);
        assertThat(d.violations()).isEmpty();
    }

    @Test
    void different_invocations_should_not_make_a_block() {
        AtomicityDetector d = started();
        d.operation(1, 1, 10, R, V, -1);
        d.operation(1, 2, 11, W, V, -1);
        d.operation(2, 3, 11, W, V, -1);
        assertThat(d.violations()).isEmpty();
    }

    @Test
    void another_thread_passing_the_same_check_may_make_the_blocks_write() {
        AtomicityDetector d = started();
        d.operation(1, 1, 10, R, V, -1); // thread 1: if (v == 0)
        d.operation(1, 1, 11, R, V, -1); //           v = v + 1 (its read)
        d.operation(1, 1, 12, W, V, -1); //           and its write
        d.operation(2, 1, 10, R, V, -1); // thread 2 came later, saw v != 0 and acted not
        assertThat(d.violations()).extracting(AtomicityDetector.Violation::kinds).contains("rwr", "rww");
    }
}
