package racepipe.dynamic.detect;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * VectorClock: join is the least upper bound of the pointwise order, and {@code sees} is that
 * order read one entry at a time (a clock is below another when the other sees every entry).
 */
class VectorClockTest {
    private static final int THREADS = 6;

    @Provide
    Arbitrary<VectorClock> clocks() {
        return Arbitraries.integers().between(0, 4).list().ofSize(THREADS).map(VectorClockTest::clock);
    }

    private static VectorClock clock(List<Integer> entries) {
        VectorClock c = new VectorClock();
        for (int t = 0; t < entries.size(); t++) {
            c.set(t, entries.get(t));
        }
        return c;
    }

    private static VectorClock join(VectorClock a, VectorClock b) {
        VectorClock c = new VectorClock(a);
        c.join(b);
        return c;
    }

    /** a <= b: b has seen everything a has. */
    private static boolean leq(VectorClock a, VectorClock b) {
        for (int t = 0; t < THREADS + 2; t++) {
            if (!b.sees(t, a.get(t))) {
                return false;
            }
        }
        return true;
    }

    private static boolean same(VectorClock a, VectorClock b) {
        return leq(a, b) && leq(b, a);
    }

    @Property
    void join_should_be_commutative_associative_and_idempotent(@ForAll("clocks") VectorClock a, @ForAll("clocks") VectorClock b,
                                                               @ForAll("clocks") VectorClock c) {
        assertThat(same(join(a, b), join(b, a))).isTrue();
        assertThat(same(join(join(a, b), c), join(a, join(b, c)))).isTrue();
        assertThat(same(join(a, a), a)).isTrue();
    }

    @Property
    void join_should_be_the_least_upper_bound(@ForAll("clocks") VectorClock a, @ForAll("clocks") VectorClock b,
                                              @ForAll("clocks") VectorClock upper) {
        VectorClock j = join(a, b);
        assertThat(leq(a, j) && leq(b, j)).isTrue();
        if (leq(a, upper) && leq(b, upper)) {
            assertThat(leq(j, upper)).isTrue();
        }
    }

    @Property
    void leq_should_be_a_partial_order(@ForAll("clocks") VectorClock a, @ForAll("clocks") VectorClock b,
                                       @ForAll("clocks") VectorClock c) {
        assertThat(leq(a, a)).isTrue();
        if (leq(a, b) && leq(b, a)) {
            for (int t = 0; t < THREADS; t++) {
                assertThat(a.get(t)).isEqualTo(b.get(t));
            }
        }
        if (leq(a, b) && leq(b, c)) {
            assertThat(leq(a, c)).isTrue();
        }
    }

    @Property
    void tick_should_move_only_its_own_entry_past_what_others_saw(@ForAll("clocks") VectorClock a) {
        VectorClock before = new VectorClock(a);
        a.tick(2);
        assertThat(a.get(2)).isEqualTo(before.get(2) + 1);
        assertThat(leq(before, a)).isTrue();
        assertThat(before.sees(2, a.get(2))).isFalse();
    }

    @Test
    void a_copy_should_not_share_entries_and_missing_entries_should_be_zero() {
        VectorClock a = new VectorClock();
        a.set(1, 3);
        VectorClock b = new VectorClock(a);
        b.tick(1);
        b.set(20, 1);
        assertThat(a.get(1)).isEqualTo(3);
        assertThat(a.get(20)).isZero();
        assertThat(b.get(20)).isEqualTo(1);
        a.join(b);
        assertThat(a.get(20)).isEqualTo(1);
        assertThat(a.sees(1, 4)).isTrue();
        assertThat(a.sees(1, 5)).isFalse();
    }
}
