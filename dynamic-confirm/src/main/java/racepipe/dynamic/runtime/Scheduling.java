package racepipe.dynamic.runtime;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.function.BooleanSupplier;

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

    /**
     * A happens-before edge through a java.util.concurrent object (release: what the thread did
     * so far is published through sync; else: it has observed what was): no point, but an
     * exploring scheduler orders and reports by it.
     */
    default void syncEdge(Object sync, boolean release) {
    }

    /**
     * A task is being handed to an executor; {@code runner} gives the pool's thread it started on
     * (null until it has). An exploring scheduler waits at the submitter's next point, when a
     * pool's thread is on its way to the task, until that thread is at its first point, so that
     * when it joins is the schedule's, not the clock's.
     */
    default void taskSubmitted(java.util.function.Supplier<Thread> runner) {
    }

    /** Thread.yield or Thread.sleep: a point where the thread would let others run (a spin loop's). */
    default void yieldPoint() {
        point();
    }

    /**
     * Before an atomic operation on a cell ({@code slot} of {@code target}: a field id, an index;
     * write: it writes or updates): a choice point for an exploring scheduler, nothing for the others.
     */
    default void atomic(Object target, int slot, boolean write, int site) {
    }

    /** The atomic update just made did not take place (a failed compareAndSet): it only read its cell. */
    default void atomicFailed() {
    }

    /** Before a volatile access: a point; an exploring scheduler orders it as synchronisation. */
    default void volatileAccess(int site, Object target, int slot, boolean write) {
        point();
    }

    /**
     * Before an atomic block's operation (AtomicOps, an AtomFuzzer trial only): at {@code site},
     * on {@code slot} of {@code target} (a field id, or AtomicOps.MONITOR / OBJECT), of
     * {@code kind} (AtomicOps.READ, WRITE, LOCK), in the thread's block invocation
     * {@code invocation}. A point.
     */
    default void atomicOperation(int site, Object target, int slot, int kind, long invocation) {
        point();
    }

    /**
     * True while accesses are no points (RaceFuzzer has stopped steering the trial): the runtime
     * may skip {@link #access} altogether. Read on every access: keep it a field read.
     */
    default boolean accessesIgnored() {
        return false;
    }

    /**
     * True once the scheduler has let the program go (RaceFuzzer stopped steering after races of
     * the pair): every hook then does what the JVM would, and the runtime does the JDK's own
     * thing where a hook replaced it (Thread.yield). Read without a lock.
     */
    default boolean released() {
        return false;
    }

    /**
     * Before a bulk operation's accesses to the elements {@code from} (inclusive) to {@code to}
     * (exclusive) of {@code array} at {@code site} (System.arraycopy, Arrays.fill): one point for
     * the range, which races with a partner on any element of it.
     */
    void accessRange(int site, Object array, int from, int to, boolean write);

    /** Before taking a lock: returns when the model grants it. */
    void acquire(Object lock, boolean exclusive);

    /** A try-lock: false at once when the model says another thread holds the lock. */
    boolean tryAcquire(Object lock, boolean exclusive);

    /** After releasing a lock (or giving back a try-lock's grant). */
    void release(Object lock, boolean exclusive);

    /**
     * Instead of {@code child.start()}: true when the scheduler takes the child over and starts
     * it when it first gets the turn (so it runs no code outside the turn); false: the caller
     * starts it.
     */
    boolean starting(Thread child);

    /**
     * Before {@code target.join(millis)}: returns, holding the turn, once the target ended in the
     * schedule, or (timed) when the schedule says the time ran out. True: really join (it returns
     * at once, or the target is one the scheduler does not know); false: the time ran out.
     */
    boolean join(Thread target, long millis);

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

    /**
     * Before a JDK call on {@code sync} that blocks until {@code ready} holds (a latch at zero, a
     * free permit, an element or room in a queue, a done future): a point; returns, holding the
     * turn, once ready holds, so the call does not block. A timed call may also return when
     * nothing else can happen (its time ran out). Returns whether ready holds. {@code ready} is
     * asked under the scheduler's lock: it must not run instrumented code (a JDK class's own state).
     */
    boolean awaitReady(Object sync, BooleanSupplier ready, boolean timed);

    /**
     * The running thread is about to block in a JDK call on {@code sync} that only others can
     * end (a barrier's party that does not trip it): it leaves the turn, and counts as at a
     * point again once {@code back} holds (null: at once); it rejoins at its next point.
     */
    void leave(Object sync, BooleanSupplier back);

    /**
     * The running thread waits, in racepipe's code, for what the schedule already made certain
     * (threads on their way into a barrier, an ended thread's exit): the watchdog leaves it alone.
     */
    void expect(BooleanSupplier done);

    /** The running thread has finished an executor task and goes back to its pool. */
    void taskEnded();

    /** How many times the turn was handed over so far: a deterministic clock of the schedule. */
    long turns();
}
