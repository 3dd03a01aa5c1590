package racepipe.dynamic.runtime;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;

/**
 * What the runtime tells a scheduler that controls the run (Phase 2's, or Phase 1's seeded
 * random one): each event is a point where it may hand the turn to another thread. The runtime
 * owns this interface and the scheduler implements it, so the runtime never names the scheduler.
 * A hook called on a thread the scheduler does not know returns at once.
 */
public interface Scheduling {
    /** A plain point: the current thread may be asked to let another run. */
    void point();

    /** Before an access to {@code slot} (a field id or an array index) of {@code target} at {@code site}. */
    void access(int site, Object target, int slot, boolean write);

    /** Before taking a lock: returns when the model grants it. */
    void acquire(Object lock, boolean exclusive);

    /** A try-lock: false at once when the model says another thread holds the lock. */
    boolean tryAcquire(Object lock, boolean exclusive);

    /** After releasing a lock (or giving back a try-lock's grant). */
    void release(Object lock, boolean exclusive);

    /** Before {@code child.start()}. */
    void starting(Thread child);

    /** Before {@code target.join(millis)}: returns once the target ended (or, timed, at once). */
    void join(Thread target, long millis);

    /** Thread.sleep: a point; the time itself is not spent. */
    void sleep(long millis) throws InterruptedException;

    /** System.exit outside a trial: nobody else is scheduled any more. */
    void exit(int status);

    /** Ends the trial: every program thread unwinds with {@link Abort} at its next point. */
    void abort();

    /** From java.lang.Thread.exit(): the thread is done. */
    void threadEnd(Thread thread);

    /** Object.wait: releases the monitor in the model, really waits until granted again. */
    void waitOn(Object monitor, long millis) throws InterruptedException;

    /** Object.notify (all: notifyAll) in the model. */
    void notifyWaiters(Object monitor, boolean all);

    /** Condition.await on {@code lock} (model id {@code lockId}); nanos 0: no bound. Returns the nanos left. */
    long await(Condition c, Lock lock, Object lockId, long nanos) throws InterruptedException;

    /** Condition.signal (all: signalAll) in the model. */
    void signal(Condition c, boolean all);

    /** The running thread is about to block inside the JDK, where no point is seen: let another go. */
    void blocking();

    /** How many times the turn was handed over so far: a deterministic clock of the schedule. */
    long turns();
}
