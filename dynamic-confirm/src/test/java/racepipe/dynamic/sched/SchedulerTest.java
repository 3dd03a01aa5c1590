package racepipe.dynamic.sched;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import racepipe.dynamic.runtime.Sites;

/**
 * The scheduler driven directly by real threads (no agent): RaceFuzzer's invariant (no two
 * postponed threads race each other), the race it must create, and same seed, same schedule.
 */
class SchedulerTest {
    static final int A = Sites.register("t/Prog", "a", "()V", 1, "Prog.java", 10, "t.Prog.x", true, Sites.field("t/Prog", "x"));
    static final int B = Sites.register("t/Prog", "b", "()V", 2, "Prog.java", 20, "t.Prog.x", false, Sites.field("t/Prog", "x"));
    static final Set<String> PAIR = Set.of(Sites.get(A).key(), Sites.get(B).key());

    /** Runs `threads` threads that each touch one of two objects at the pair's sites a few times. */
    static Scheduler run(long seed, int threads, AtomicBoolean invariantBroken) throws InterruptedException {
        Scheduler s = new Scheduler(seed, PAIR, true, null);
        Object[] objects = {new Object(), new Object()};
        Thread main = new Thread(() -> {
            s.adoptCurrentThread();
            List<Thread> ts = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                int id = i;
                Thread t = new Thread(() -> {
                    for (int k = 0; k < 3; k++) {
                        s.access(id % 2 == 0 ? A : B, objects[(id + k) % 2], Sites.get(A).field, id % 2 == 0);
                        if (!s.postponedRaceFree()) {
                            invariantBroken.set(true);
                        }
                        s.point();
                    }
                    s.threadEnd(Thread.currentThread());
                }, "T" + i);
                ts.add(t);
                if (!s.starting(t)) {
                    t.start();
                }
                s.point();
            }
            for (Thread t : ts) {
                s.join(t, 0);
                try {
                    t.join();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            }
            s.threadEnd(Thread.currentThread());
        }, "main");
        main.start();
        main.join(20_000);
        assertThat(main.isAlive()).as("the schedule ended").isFalse();
        return s;
    }

    @Property(tries = 60)
    void no_two_postponed_threads_race_and_a_seed_gives_one_schedule(@ForAll @IntRange(min = 2, max = 4) int threads,
                                                                     @ForAll long seed) throws InterruptedException {
        AtomicBoolean broken = new AtomicBoolean();
        Scheduler first = run(seed, threads, broken);
        Scheduler second = run(seed, threads, broken);
        assertThat(broken).isFalse();
        assertThat(second.digest()).isEqualTo(first.digest());
        assertThat(second.races()).hasSameSizeAs(first.races());
    }

    @Test
    void a_writer_and_a_reader_of_one_address_should_always_be_brought_together() throws InterruptedException {
        for (long seed = 1; seed <= 30; seed++) {
            Scheduler s = run(seed, 2, new AtomicBoolean());
            assertThat(s.races()).as("seed " + seed).isNotEmpty();
        }
    }
}
