package racepipe.dynamic.sched;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import racepipe.dynamic.runtime.Sites;

/**
 * The scheduler driven directly by real threads (no agent), with its watchdog running and busy
 * threads beside it as on a loaded machine: RaceFuzzer's invariant (no two postponed threads
 * race each other), the race it must create, and same seed, same schedule, every time.
 */
class SchedulerTest {
    static final int A = Sites.register("t/Prog", "a", "()V", 1, "Prog.java", 10, "t.Prog.x", true, Sites.field("t/Prog", "x"));
    static final int B = Sites.register("t/Prog", "b", "()V", 2, "Prog.java", 20, "t.Prog.x", false, Sites.field("t/Prog", "x"));
    static final Set<String> PAIR = Set.of(Sites.get(A).key(), Sites.get(B).key());

    /** What a run gave: the digest, the races, the watchdog's events. */
    record Run(String digest, int races, List<String> watchdog) {
        static Run of(Scheduler s) {
            return new Run(s.digest(), s.races().size(), s.watchdogEvents());
        }
    }

    /** Runs the program on a new scheduler with a watchdog looking every 20 ms. */
    static Scheduler run(long seed, Program program) throws InterruptedException {
        Scheduler s = new Scheduler(seed, PAIR, true, null);
        Thread main = new Thread(() -> {
            s.adoptCurrentThread();
            try {
                program.run(s);
            } catch (racepipe.dynamic.runtime.Abort e) {
                // the run was ended (a deadlock, or a trial cut short)
            }
            s.threadEnd(Thread.currentThread());
        }, "main");
        AtomicBoolean over = new AtomicBoolean();
        Thread watchdog = new Thread(() -> {
            while (!over.get()) {
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    return;
                }
                s.watchdogTick();
            }
        }, "watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
        main.start();
        main.join(60_000);
        over.set(true);
        assertThat(main.isAlive()).as("the schedule ended").isFalse();
        return s;
    }

    interface Program {
        void run(Scheduler s);
    }

    /** Starts a thread as the runtime does: the scheduler starts it when it first gets the turn. */
    static Thread start(Scheduler s, String name, Runnable body) {
        Thread t = new Thread(() -> {
            try {
                body.run();
            } catch (racepipe.dynamic.runtime.Abort e) {
                // the run was ended (a deadlock)
            }
            s.threadEnd(Thread.currentThread());
        }, name);
        if (!s.starting(t)) {
            t.start();
        }
        s.point();
        return t;
    }

    static void join(Scheduler s, Thread t) {
        if (s.join(t, 0)) {
            try {
                t.join();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /** CPU work between points: long enough to be descheduled on a busy machine, never a spin. */
    static long work(int n) {
        long x = n;
        for (int i = 0; i < 20_000 * n; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
        }
        return x;
    }

    /** `threads` threads each touch one of two objects at the pair's sites, under a lock now and then. */
    static Program accesses(int threads, AtomicBoolean invariantBroken) {
        Object[] objects = {new Object(), new Object()};
        Object lock = new Object();
        return s -> {
            List<Thread> ts = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                int id = i;
                ts.add(start(s, "T" + i, () -> {
                    for (int k = 0; k < 3; k++) {
                        work(id + k);
                        s.access(id % 2 == 0 ? A : B, objects[(id + k) % 2], Sites.get(A).field, id % 2 == 0);
                        if (!s.postponedRaceFree()) {
                            invariantBroken.set(true);
                        }
                        if (k == 1) {
                            s.acquire(lock, true);
                            work(1);
                            s.release(lock, true);
                        }
                        s.point();
                    }
                }));
            }
            for (Thread t : ts) {
                join(s, t);
            }
        };
    }

    @Property(tries = 40)
    void no_two_postponed_threads_race_and_a_seed_gives_one_schedule_under_load(@ForAll @IntRange(min = 2, max = 4) int threads,
                                                                                @ForAll long seed) throws InterruptedException {
        AtomicBoolean broken = new AtomicBoolean();
        Run first;
        Run second;
        try (Busy beside = new Busy(2)) {
            first = Run.of(run(seed, accesses(threads, broken)));
            second = Run.of(run(seed, accesses(threads, broken)));
        }
        assertThat(broken).isFalse();
        assertThat(second).isEqualTo(first);
        assertThat(first.watchdog()).as("nobody blocks outside the scheduler: a slow thread is not a stuck one").isEmpty();
    }

    /** Two threads, each executing its site of the pair n times in a loop, on one object or each on its own. */
    static Program hotLoop(int n, boolean shared) {
        Object[] objects = {new Object(), new Object()};
        return s -> {
            Thread w = start(s, "W", () -> {
                for (int i = 0; i < n; i++) {
                    s.access(A, objects[0], Sites.get(A).field, true);
                }
            });
            Thread r = start(s, "R", () -> {
                for (int i = 0; i < n; i++) {
                    s.access(B, objects[shared ? 0 : 1], Sites.get(A).field, false);
                }
            });
            join(s, w);
            join(s, r);
        };
    }

    @Test
    void a_hot_pair_that_never_meets_should_be_cut_at_the_same_turn_for_a_seed() throws InterruptedException {
        for (long seed = 1; seed <= 3; seed++) {
            Scheduler first = run(seed, hotLoop(50_000, false));
            Scheduler again = run(seed, hotLoop(50_000, false));
            assertThat(first.races()).isEmpty();
            assertThat(first.cut()).as("seed " + seed).contains("after 0 races and " + RaceFuzzer.FRUITLESS_LIMIT + " postponements");
            assertThat(again.cut()).isEqualTo(first.cut());
            assertThat(again.digest()).isEqualTo(first.digest());
        }
    }

    @Test
    void a_hot_pair_that_meets_should_stop_steering_after_enough_races_and_run_to_its_end() throws InterruptedException {
        for (long seed = 1; seed <= 3; seed++) {
            Scheduler s = run(seed, hotLoop(50_000, true));
            assertThat(s.races()).as("seed " + seed).hasSize(RaceFuzzer.ENOUGH_RACES);
            assertThat(s.cut()).isNull();
            assertThat(s.steeringStopped()).startsWith("steering stopped at turn ");
        }
    }

    /**
     * The hot pair, then each thread hands a token to the other through wait/notify on one
     * monitor many times: only threads that wait and notify for real get through it once the
     * schedule has let them go.
     */
    static Program hotThenHandshake(int n, int rounds, AtomicLong after) {
        Object[] objects = {new Object()};
        Object monitor = new Object();
        int[] turn = {0};
        return s -> {
            List<Thread> ts = new ArrayList<>();
            for (int id = 0; id < 2; id++) {
                int me = id;
                ts.add(start(s, "T" + id, () -> {
                    for (int i = 0; i < n; i++) {
                        s.access(me == 0 ? A : B, objects[0], Sites.get(A).field, me == 0);
                    }
                    long t0 = s.turns();
                    for (int r = 0; r < rounds; r++) {
                        s.acquire(monitor, true);
                        synchronized (monitor) {
                            while (turn[0] % 2 != me) {
                                try {
                                    s.waitOn(monitor, 0);
                                } catch (InterruptedException e) {
                                    throw new IllegalStateException(e);
                                }
                            }
                            turn[0]++;
                            s.notifyWaiters(monitor, true);
                        }
                        s.release(monitor, true);
                    }
                    after.addAndGet(s.turns() - t0);
                }));
            }
            for (Thread t : ts) {
                join(s, t);
            }
        };
    }

    @Test
    void after_enough_races_the_schedule_should_let_the_program_go_and_it_should_still_end() throws InterruptedException {
        for (long seed = 1; seed <= 3; seed++) {
            AtomicLong after = new AtomicLong();
            Scheduler s = run(seed, hotThenHandshake(50_000, 2_000, after));
            assertThat(s.races()).as("seed " + seed).hasSize(RaceFuzzer.ENOUGH_RACES);
            assertThat(s.steeringStopped()).endsWith("the rest ran as the JVM scheduled it");
            assertThat(after.get()).as("no turn is handed over once the program is let go").isZero();
            Scheduler again = run(seed, hotThenHandshake(50_000, 2_000, new AtomicLong()));
            assertThat(again.digest()).as("the schedule up to the release is the seed's").isEqualTo(s.digest());
            assertThat(again.races()).hasSameSizeAs(s.races());
        }
    }

    @Test
    void a_writer_and_a_reader_of_one_address_should_always_be_brought_together() throws InterruptedException {
        try (Busy beside = new Busy(2)) {
            for (long seed = 1; seed <= 30; seed++) {
                Scheduler s = run(seed, accesses(2, new AtomicBoolean()));
                assertThat(s.races()).as("seed " + seed).isNotEmpty();
            }
        }
    }

    /**
     * W blocks where the scheduler cannot see (a latch it does not know of) until C counts it
     * down after its own steps: when W holds the turn, the watchdog lets it go, and that is an
     * event of the schedule, at the same turn in every run of the seed.
     */
    static Program blockedOutside() {
        Object[] target = {new Object()};
        return s -> {
            CountDownLatch outside = new CountDownLatch(1);
            Thread w = start(s, "W", () -> {
                try {
                    outside.await(); // not seen by the scheduler
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
                s.access(A, target[0], Sites.get(A).field, true);
            });
            Thread c = start(s, "C", () -> {
                s.point();
                s.access(B, target[0], Sites.get(A).field, false);
                s.point();
                outside.countDown(); // not seen either
            });
            join(s, c);
            join(s, w);
        };
    }

    @Test
    void a_thread_blocked_outside_the_schedulers_view_should_be_let_go_at_the_same_turn_every_time() throws InterruptedException {
        int fired = 0;
        try (Busy beside = new Busy(2)) {
            for (long seed = 1; seed <= 12; seed++) {
                Run first = Run.of(run(seed, blockedOutside()));
                Run again = Run.of(run(seed, blockedOutside()));
                assertThat(again).as("seed " + seed).isEqualTo(first);
                fired += first.watchdog().isEmpty() ? 0 : 1;
            }
        }
        assertThat(fired).as("seeds whose schedule gave W the turn before C counted down").isPositive();
    }

    @Test
    void a_cycle_of_locks_should_be_reported_with_its_threads_and_holders() throws InterruptedException {
        Object a = new Object();
        Object b = new Object();
        int deadlocked = 0;
        for (long seed = 1; seed <= 10; seed++) {
            Scheduler[] holder = new Scheduler[1];
            Scheduler s = new Scheduler(seed, null, false, () -> holder[0].abort());
            holder[0] = s;
            Thread main = new Thread(() -> {
                s.adoptCurrentThread();
                try {
                    Thread t1 = start(s, "T1", () -> {
                        s.acquire(a, true);
                        s.point();
                        s.acquire(b, true);
                        s.release(b, true);
                        s.release(a, true);
                    });
                    Thread t2 = start(s, "T2", () -> {
                        s.acquire(b, true);
                        s.point();
                        s.acquire(a, true);
                        s.release(a, true);
                        s.release(b, true);
                    });
                    join(s, t1);
                    join(s, t2);
                } catch (racepipe.dynamic.runtime.Abort e) {
                    // the deadlock ended the run
                }
            }, "main");
            main.setUncaughtExceptionHandler((t, e) -> { });
            main.start();
            main.join(20_000);
            String d = s.deadlock();
            if (d != null) {
                deadlocked++;
                String evidence = d.substring(0, d.indexOf("| stacks:"));
                assertThat(evidence).startsWith("cycle: ").contains("T1 holds").contains("T2 holds").contains("held by T1")
                        .contains("held by T2").doesNotContain("main");
            }
        }
        assertThat(deadlocked).as("seeds that deadlocked").isPositive();
    }
}
