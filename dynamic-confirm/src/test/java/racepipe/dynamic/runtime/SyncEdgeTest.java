package racepipe.dynamic.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import racepipe.contract.Outcome;
import racepipe.contract.RunResult;

/**
 * Exact pair sets on two-thread traces through the bridge: the happens-before edges of atomics and
 * concurrent collections (RT.syncBefore/syncAfter), objects handed off through a concurrent
 * collection (RT.passIn/passOut), and a j.u.c. lock against the monitor of the
 * same object (LockIdentity).
 */
class SyncEdgeTest {
    private static int n;

    @AfterEach
    void stop() {
        RT.rec = null;
    }

    /** W writes x then runs {@code publish}; then R runs {@code observe} and reads x. The detectors' pairs. */
    private static List<String> pairs(Runnable publish, Runnable observe) throws InterruptedException {
        int field = Sites.field("t/Sync", "x" + n);
        int w = Sites.register("t/Sync", "w" + n, "()V", 1, "Sync.java", 1, "t.Sync.x", true, field);
        int r = Sites.register("t/Sync", "r" + n, "()V", 2, "Sync.java", 2, "t.Sync.x", false, field);
        n++;
        Recorder rec = new Recorder(List.of("ls", "hybrid", "hb"));
        RT.rec = rec;
        Object target = new Object();
        Thread writer = new Thread(() -> {
            rec.field(target, w, true);
            publish.run();
        }, "W");
        Thread reader = new Thread(() -> {
            observe.run();
            rec.field(target, r, false);
        }, "R");
        writer.start();
        writer.join();
        reader.start();
        reader.join();
        RunResult done = rec.complete(new RunResult(Outcome.of(false, false, false, true), "abc", 2, null, null,
                List.of(), List.of(), List.of()));
        return done.pairs().stream().map(RunResult.Pair::detector).toList();
    }

    @Test
    void an_atomic_write_then_a_read_of_it_should_order_the_accesses_for_hb_only() throws Exception {
        AtomicReference<Object> box = new AtomicReference<>();
        assertThat(pairs(() -> RT.syncBefore(box, false), () -> RT.syncAfter(box, false)))
                .containsExactlyInAnyOrder("ls", "hybrid");
    }

    @Test
    void two_different_atomics_should_order_nothing() throws Exception {
        AtomicReference<Object> a = new AtomicReference<>(), b = new AtomicReference<>();
        assertThat(pairs(() -> RT.syncBefore(a, false), () -> RT.syncAfter(b, false)))
                .containsExactlyInAnyOrder("ls", "hybrid", "hb");
    }

    @Test
    void a_map_call_should_order_only_when_the_map_is_a_concurrent_one() throws Exception {
        ConcurrentHashMap<String, Object> chm = new ConcurrentHashMap<>();
        assertThat(pairs(() -> RT.syncBefore(chm, true), () -> RT.syncAfter(chm, true)))
                .containsExactlyInAnyOrder("ls", "hybrid");
        HashMap<String, Object> plain = new HashMap<>();
        assertThat(pairs(() -> RT.syncBefore(plain, true), () -> RT.syncAfter(plain, true)))
                .containsExactlyInAnyOrder("ls", "hybrid", "hb");
    }

    @Test
    void an_object_passed_through_a_concurrent_map_should_order_its_fields_for_hybrid_too() throws Exception {
        ConcurrentHashMap<String, Object> chm = new ConcurrentHashMap<>();
        Object box = new Object();
        assertThat(pairs(() -> RT.passIn(box, chm, true), () -> RT.passOut(box, chm, true, false)))
                .containsExactlyInAnyOrder("ls");
        Object other = new Object(); // another key's value: no hand-off of box
        assertThat(pairs(() -> RT.passIn(box, chm, true), () -> RT.passOut(other, chm, true, false)))
                .containsExactlyInAnyOrder("ls", "hybrid", "hb");
        HashMap<String, Object> plain = new HashMap<>();
        assertThat(pairs(() -> RT.passIn(box, plain, true), () -> RT.passOut(box, plain, true, false)))
                .containsExactlyInAnyOrder("ls", "hybrid", "hb");
    }

    @Test
    void a_value_shared_by_identity_should_hand_nothing_off() throws Exception {
        ConcurrentHashMap<String, Object> chm = new ConcurrentHashMap<>();
        Integer cached = 7; // Integer.valueOf's cache: any thread's 7 is this object (the map's own edge is syncBefore/After)
        assertThat(pairs(() -> RT.passIn(cached, chm, true), () -> RT.passOut(cached, chm, true, false)))
                .containsExactlyInAnyOrder("ls", "hybrid", "hb");
    }

    @Test
    void a_value_computed_into_the_map_should_be_handed_off_by_its_computer() throws Exception {
        ConcurrentHashMap<String, Object> chm = new ConcurrentHashMap<>();
        Object box = new Object();
        assertThat(pairs(() -> RT.passOut(box, chm, false, true), () -> RT.passOut(box, chm, false, false)))
                .containsExactlyInAnyOrder("ls");
    }

    @Test
    void a_lock_and_the_monitor_of_the_same_object_should_not_protect_each_other() throws Exception {
        ReentrantLock lock = new ReentrantLock();
        Recorder[] rec = new Recorder[1];
        // the writer holds lock.lock() around its write, the reader synchronized (lock): two locks
        int field = Sites.field("t/Sync", "locked");
        int w = Sites.register("t/Sync", "lw", "()V", 1, "Sync.java", 1, "t.Sync.locked", true, field);
        int r = Sites.register("t/Sync", "lr", "()V", 2, "Sync.java", 2, "t.Sync.locked", false, field);
        rec[0] = new Recorder(List.of("ls"));
        Object target = new Object();
        Thread writer = new Thread(() -> {
            rec[0].acquire(LockIdentity.of(lock), true);
            rec[0].field(target, w, true);
            rec[0].release(LockIdentity.of(lock), true);
        });
        Thread reader = new Thread(() -> {
            rec[0].acquire(lock, true);
            rec[0].field(target, r, false);
            rec[0].release(lock, true);
        });
        writer.start();
        writer.join();
        reader.start();
        reader.join();
        RunResult done = rec[0].complete(new RunResult(Outcome.of(false, false, false, true), "abc", 2, null, null,
                List.of(), List.of(), List.of()));
        assertThat(done.pairs()).extracting(RunResult.Pair::detector).containsExactly("ls");
    }
}
