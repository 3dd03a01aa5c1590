package racepipe.dynamic.runtime;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * java.util.concurrent synchronisers, seen from their call sites in application code: what a
 * thread does before countDown / barrier await / release / put happens before what another
 * does after await / acquire / take returns. Happens-before takes these edges (as it takes a
 * volatile write then read); the hybrid detector, by its definition, does not.
 */
public final class Synchronizers {
    private Synchronizers() {
    }

    static void release(Object sync) {
        Recorder r = RT.rec;
        if (r != null) {
            r.syncEdge(sync, true);
        }
    }

    /** Before a call that may block inside the JDK: the scheduler lets another thread run. */
    static void mayBlock() {
        Scheduling s = RT.sched;
        if (s != null) {
            s.blocking();
        }
    }

    static void acquired(Object sync) {
        Recorder r = RT.rec;
        if (r != null) {
            r.syncEdge(sync, false);
        }
    }

    public static void countDown(CountDownLatch l) {
        try (LibCalls.State paused = LibCalls.pause()) {
            release(l);
            l.countDown();
        }
    }

    public static void await(CountDownLatch l) throws InterruptedException {
        try (LibCalls.State paused = LibCalls.pause()) {
            mayBlock();
            l.await();
            acquired(l);
        }
    }

    public static boolean await(CountDownLatch l, long t, TimeUnit u) throws InterruptedException {
        try (LibCalls.State paused = LibCalls.pause()) {
            mayBlock();
            boolean done = l.await(t, u);
            if (done) {
                acquired(l);
            }
            return done;
        }
    }

    /**
     * A barrier: the last to arrive runs the barrier action inside await(), so arriving also
     * takes the clocks of those already there, and leaving passes on the action's effects.
     */
    public static int await(CyclicBarrier b) throws InterruptedException, BrokenBarrierException {
        try (LibCalls.State paused = LibCalls.pause()) {
            arrive(b);
            mayBlock();
            int k = b.await();
            leave(b);
            return k;
        }
    }

    private static void arrive(CyclicBarrier b) {
        release(b);
        acquired(b);
    }

    private static void leave(CyclicBarrier b) {
        acquired(b);
        release(b);
    }

    public static int await(CyclicBarrier b, long t, TimeUnit u)
            throws InterruptedException, BrokenBarrierException, TimeoutException {
        try (LibCalls.State paused = LibCalls.pause()) {
            arrive(b);
            mayBlock();
            int k = b.await(t, u);
            leave(b);
            return k;
        }
    }

    public static void release(Semaphore s) {
        try (LibCalls.State paused = LibCalls.pause()) {
            release((Object) s);
            s.release();
        }
    }

    public static void acquire(Semaphore s) throws InterruptedException {
        try (LibCalls.State paused = LibCalls.pause()) {
            mayBlock();
            s.acquire();
            acquired(s);
        }
    }

    public static void put(BlockingQueue<Object> q, Object e) throws InterruptedException {
        try (LibCalls.State paused = LibCalls.pause()) {
            release(q);
            mayBlock();
            q.put(e);
        }
    }

    public static Object take(BlockingQueue<Object> q) throws InterruptedException {
        try (LibCalls.State paused = LibCalls.pause()) {
            mayBlock();
            Object e = q.take();
            acquired(q);
            return e;
        }
    }
}
