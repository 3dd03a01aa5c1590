package racepipe.dynamic.detect;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/** LockSet: an immutable interned set; equal sets are one object. */
class LockSetTest {
    private static Set<Integer> elements(LockSet s, List<Integer> universe) {
        Set<Integer> out = new TreeSet<>();
        for (int l : universe) {
            if (s.contains(l)) {
                out.add(l);
            }
        }
        return out;
    }

    @Test
    void of_should_ignore_order_and_duplicates_and_intern() {
        assertThat(LockSet.of(3, 1, 3, 2)).isSameAs(LockSet.of(1, 2, 3));
        assertThat(LockSet.of()).isSameAs(LockSet.EMPTY);
        assertThat(LockSet.of(1, 2, 3).size()).isEqualTo(3);
        assertThat(LockSet.of(2, 1)).hasToString("[1, 2]");
    }

    @Test
    void with_and_without_should_leave_the_set_unchanged() {
        LockSet a = LockSet.of(1, 2);
        LockSet b = a.with(5);
        assertThat(a.contains(5)).isFalse();
        assertThat(b).isSameAs(LockSet.of(1, 2, 5));
        assertThat(b.without(5)).isSameAs(a);
        assertThat(a.with(1)).isSameAs(a);
        assertThat(a.without(9)).isSameAs(a);
        assertThat(LockSet.EMPTY.without(1)).isSameAs(LockSet.EMPTY);
    }

    @Test
    void intersects_should_need_a_common_lock() {
        assertThat(LockSet.of(1, 4).intersects(LockSet.of(2, 4))).isTrue();
        assertThat(LockSet.of(1, 3).intersects(LockSet.of(2, 4))).isFalse();
        assertThat(LockSet.EMPTY.intersects(LockSet.EMPTY)).isFalse();
        assertThat(LockSet.of(7).intersects(LockSet.of(7))).isTrue();
    }

    @Property
    void operations_should_agree_with_set_algebra(@ForAll @Size(max = 6) List<@IntRange(min = 0, max = 9) Integer> xs,
                                                  @ForAll @Size(max = 6) List<@IntRange(min = 0, max = 9) Integer> ys,
                                                  @ForAll @IntRange(min = 0, max = 9) int l) {
        List<Integer> universe = new ArrayList<>();
        for (int i = 0; i <= 9; i++) {
            universe.add(i);
        }
        LockSet a = LockSet.of(xs.stream().mapToInt(Integer::intValue).toArray());
        LockSet b = LockSet.of(ys.stream().mapToInt(Integer::intValue).toArray());
        Set<Integer> sa = new TreeSet<>(xs);
        Set<Integer> sb = new TreeSet<>(ys);
        Set<Integer> both = new TreeSet<>(sa);
        both.retainAll(sb);
        assertThat(elements(a, universe)).isEqualTo(sa);
        assertThat(elements(a.intersect(b), universe)).isEqualTo(both);
        assertThat(a.intersect(b)).isSameAs(b.intersect(a));
        assertThat(a.intersects(b)).isEqualTo(!both.isEmpty());
        assertThat(a.with(l).contains(l)).isTrue();
        assertThat(a.without(l).contains(l)).isFalse();
        assertThat(a.with(l).without(l)).isSameAs(sa.contains(l) ? a.without(l) : a);
        assertThat(a.equals(b)).isEqualTo(sa.equals(sb));
        assertThat(a == b).isEqualTo(sa.equals(sb));
    }

    @Test
    void sets_built_on_many_threads_should_still_be_interned_once() throws InterruptedException {
        CountDownLatch go = new CountDownLatch(1);
        Set<LockSet> distinct = ConcurrentHashMap.newKeySet(); // by content
        AtomicInteger notInterned = new AtomicInteger();
        List<Thread> ts = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            Thread th = new Thread(() -> {
                try {
                    go.await();
                } catch (InterruptedException e) {
                    return;
                }
                for (int i = 0; i < 2000; i++) {
                    LockSet s = LockSet.of(1000 + i % 50).with(2000 + i % 7).without(1000 + i % 50);
                    distinct.add(s);
                    if (s != LockSet.of(2000 + i % 7)) {
                        notInterned.incrementAndGet();
                    }
                }
            });
            ts.add(th);
            th.start();
        }
        go.countDown();
        for (Thread t : ts) {
            t.join();
        }
        assertThat(notInterned).hasValue(0);
        assertThat(distinct).hasSize(7);
    }
}
