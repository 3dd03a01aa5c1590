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
        LibCalls.State g = LibCalls.pause();
        try {
            release(l);
            l.countDown();
        } finally {
            LibCalls.resume(g);
        }
    }

    public static void await(CountDownLatch l) throws InterruptedException {
        LibCalls.State g = LibCalls.pause();
        try {
            mayBlock();
            l.await();
            acquired(l);
        } finally {
            LibCalls.resume(g);
        }
    }

    public static boolean await(CountDownLatch l, long t, TimeUnit u) throws InterruptedException {
        LibCalls.State g = LibCalls.pause();
        try {
            mayBlock();
            boolean done = l.await(t, u);
            if (done) {
                acquired(l);
            }
            return done;
        } finally {
            LibCalls.resume(g);
        }
    }

    /**
     * A barrier: the last to arrive runs the barrier action inside await(), so arriving also
     * takes the clocks of those already there, and leaving passes on the action's effects.
     */
    public static int await(CyclicBarrier b) throws InterruptedException, BrokenBarrierException {
        LibCalls.State g = LibCalls.pause();
        try {
            arrive(b);
            mayBlock();
            int k = b.await();
            leave(b);
            return k;
        } finally {
            LibCalls.resume(g);
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
        LibCalls.State g = LibCalls.pause();
        try {
            arrive(b);
            mayBlock();
            int k = b.await(t, u);
            leave(b);
            return k;
        } finally {
            LibCalls.resume(g);
        }
    }

    public static void release(Semaphore s) {
        LibCalls.State g = LibCalls.pause();
        try {
            release((Object) s);
            s.release();
        } finally {
            LibCalls.resume(g);
        }
    }

    public static void acquire(Semaphore s) throws InterruptedException {
        LibCalls.State g = LibCalls.pause();
        try {
            mayBlock();
            s.acquire();
            acquired(s);
        } finally {
            LibCalls.resume(g);
        }
    }

    public static void put(BlockingQueue<Object> q, Object e) throws InterruptedException {
        LibCalls.State g = LibCalls.pause();
        try {
            release(q);
            mayBlock();
            q.put(e);
        } finally {
            LibCalls.resume(g);
        }
    }

    public static Object take(BlockingQueue<Object> q) throws InterruptedException {
        LibCalls.State g = LibCalls.pause();
        try {
            mayBlock();
            Object e = q.take();
            acquired(q);
            return e;
        } finally {
            LibCalls.resume(g);
        }
    }
}
