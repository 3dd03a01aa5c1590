package racepipe.dynamic.runtime;

import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.LinkedBlockingDeque;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.LinkedTransferQueue;
import java.util.concurrent.PriorityBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;

/**
 * java.util.concurrent synchronisers, seen from their call sites in application code: what a
 * thread does before countDown / barrier await / release / put happens before what another
 * does after await / acquire / take returns. Happens-before takes these edges (as it takes a
 * volatile write then read); the hybrid detector, by its definition, does not, but it takes the
 * hand-off of the element itself (put to take: a message, see {@link #handOff}).
 * <p>For the scheduler, a call that would block waits at a point until the JDK object's own
 * state says it will not (the latch at zero, a permit, an element or room in the queue), so it
 * never blocks where the scheduler cannot see; a barrier's parties that do not trip it leave the
 * turn and count as at a point again once the last party has tripped it.
 */
public final class Synchronizers {
    private Synchronizers() {
    }

    static void release(Object sync) {
        Recorder r = RT.rec;
        if (r != null) {
            r.syncEdge(sync, true);
        }
        Scheduling s = RT.sched;
        if (s != null) {
            s.syncEdge(sync, true);
        }
    }

    /**
     * Before a call on sync that blocks until {@code ready} holds: the scheduler runs others until
     * it does, so the call returns at once; timed, it may say the time ran out (false). Only a
     * JDK class's own state is asked (under the scheduler's lock, where instrumented code must not
     * run): an application's own synchroniser is called outside the turn, and its caller rejoins
     * at its next point. True when ready (or no scheduler controls the run).
     */
    static boolean until(Object sync, BooleanSupplier ready, boolean timed) {
        Scheduling s = RT.sched;
        if (s == null || sync == null) {
            return true; // no scheduler; or the call itself throws
        }
        if (ready == null || sync.getClass().getClassLoader() != null) {
            s.leave(sync, null);
            return true;
        }
        return s.awaitReady(sync, ready, timed);
    }

    /** Whether a queue of this class blocks exactly when it is empty (take) or full (put). */
    private static boolean plainQueue(BlockingQueue<?> q) {
        Class<?> c = q.getClass();
        return c == LinkedBlockingQueue.class || c == ArrayBlockingQueue.class || c == LinkedBlockingDeque.class
                || c == PriorityBlockingQueue.class || c == LinkedTransferQueue.class;
    }

    /** o is a java.util.concurrent collection (a java.util.Map may be a ConcurrentHashMap). */
    static boolean concurrent(Object o) {
        return o.getClass().getName().startsWith("java.util.concurrent.");
    }

    /**
     * A hand-off: {@code o} sent to (send) or received from another thread, a task or an object
     * passed through a concurrent collection; the scheduler sees it as the synchroniser's edge.
     */
    static void handOff(Object o, boolean send) {
        Recorder r = RT.rec;
        if (r != null) {
            r.handOff(o, send);
        }
        Scheduling s = RT.sched;
        if (s != null) {
            s.syncEdge(o, send);
        }
    }

    /**
     * An object put into or taken out of a concurrent collection: for the detectors only (the
     * collection's own edge is the scheduler's). Not a value shared by identity (a cached Integer,
     * an interned String, an enum constant): one of those put by one thread and got by another
     * need not be the same hand-off, and it has no field to race on.
     */
    static void passed(Object o, boolean send) {
        Recorder r = RT.rec;
        if (r != null && o != null && !sharedValue(o)) {
            r.handOff(o, send);
        }
    }

    private static boolean sharedValue(Object o) {
        return o instanceof String || o instanceof Number && o.getClass().getClassLoader() == null || o instanceof Boolean
                || o instanceof Character || o instanceof Enum || o instanceof Class;
    }

    static void acquired(Object sync) {
        Recorder r = RT.rec;
        if (r != null) {
            r.syncEdge(sync, false);
        }
        Scheduling s = RT.sched;
        if (s != null) {
            s.syncEdge(sync, false);
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
            until(l, () -> l.getCount() == 0, false);
            l.await();
            acquired(l);
        }
    }

    public static boolean await(CountDownLatch l, long t, TimeUnit u) throws InterruptedException {
        try (LibCalls.State paused = LibCalls.pause()) {
            boolean done = until(l, () -> l.getCount() == 0, true) ? l.await(t, u) : l.await(0L, TimeUnit.NANOSECONDS);
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
            int k = Synchronizers.<RuntimeException>enter(b, b::await);
            leave(b);
            return k;
        }
    }

    /** b.await() or b.await(t, u); E: TimeoutException for the timed one. */
    private interface BarrierCall<E extends Exception> {
        int await() throws InterruptedException, BrokenBarrierException, E;
    }

    /** A barrier as the schedule sees it: the parties come in its current generation, and the generations tripped. */
    private static final class Gate {
        int arrived;
        long tripped;
    }

    private static final Map<CyclicBarrier, Gate> GATES = new WeakHashMap<>();

    /**
     * A party enters the barrier, holding the turn (a point first). The parties before it in
     * this generation are first let into the JDK's await in the order they came, so the JDK's
     * arrival index is the schedule's. A party that does not trip the barrier leaves the turn
     * and counts as at a point again once the generation has tripped; the last one trips it
     * and goes on with the turn. Its arrival's edges come after the point, in that same order:
     * taken before it, a party that lost the turn at the point could arrive first in the edges
     * and last in the JDK, and run the barrier action without the clocks of the others.
     */
    private static <E extends Exception> int enter(CyclicBarrier b, BarrierCall<E> call)
            throws InterruptedException, BrokenBarrierException, E {
        Scheduling s = RT.sched;
        if (s == null) {
            arrive(b);
            return call.await();
        }
        s.point();
        arrive(b);
        Gate g;
        int before;
        long generation;
        boolean trips;
        synchronized (GATES) {
            g = GATES.computeIfAbsent(b, k -> new Gate());
            before = g.arrived;
            generation = g.tripped;
            trips = ++g.arrived >= b.getParties();
            if (trips) {
                g.arrived = 0;
            }
        }
        s.expect(() -> b.getNumberWaiting() >= before || b.isBroken());
        if (trips) {
            try {
                return call.await();
            } finally {
                synchronized (GATES) {
                    g.tripped++; // the others are released: each counts as at a point again
                }
            }
        }
        s.leave(b, () -> {
            synchronized (GATES) {
                return g.tripped > generation;
            }
        });
        boolean ok = false;
        try {
            int k = call.await();
            ok = true;
            return k;
        } finally {
            if (!ok) {
                synchronized (GATES) { // broken, timed out or interrupted: the generation is over
                    if (g.tripped == generation) {
                        g.tripped++;
                        g.arrived = 0;
                    }
                }
            }
            s.point(); // back at a point: it rejoins the schedule
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
            int k = Synchronizers.<TimeoutException>enter(b, () -> b.await(t, u));
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
            until(s, () -> s.availablePermits() > 0, false);
            s.acquire();
            acquired(s);
        }
    }

    public static void put(BlockingQueue<Object> q, Object e) throws InterruptedException {
        try (LibCalls.State paused = LibCalls.pause()) {
            release(q);
            passed(e, true);
            until(q, plainQueue(q) ? () -> q.remainingCapacity() > 0 : null, false);
            q.put(e);
        }
    }

    public static Object take(BlockingQueue<Object> q) throws InterruptedException {
        try (LibCalls.State paused = LibCalls.pause()) {
            until(q, plainQueue(q) ? () -> !q.isEmpty() : null, false);
            Object e = q.take();
            acquired(q);
            passed(e, false);
            return e;
        }
    }
}
