package racepipe.dynamic.sched;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/** The scheduler's view of one program thread: where it stands with the turn, and what it waits to do next. */
final class SchedThread {
    /** What a thread at a point waits to do. */
    enum Op { START, STEP, YIELD, ACCESS, ACQUIRE, TRY, WAIT, JOIN, SYNC }

    /**
     * Where the thread stands with the turn: one value, changed only under the scheduler's lock.
     * A thread that is not parked at a point (NEW, DETACHED, LEFT, EXITED) counts as at one until
     * it gets the turn, so when it physically arrives or ends never changes what the schedule
     * decides (IDLE is the one exception, and it is where the schedule's view ends).
     */
    enum State {
        /** Started by the program; the scheduler starts it when it first gets the turn: counts as at a point (START). */
        NEW,
        /** At a point, its operation decided, waiting for the turn. */
        PARKED,
        /** At a point RaceFuzzer holds back, one step before a racing access. */
        POSTPONED,
        /** At a point it reached outside the turn: counts as it did before ({@code before}) until granted, then decides. */
        ARRIVED,
        /** Given the turn, not yet resumed: it has not run, so it is never taken for a blocked thread. */
        GRANTED,
        /** Holds the turn and runs. */
        RUNNING,
        /**
         * Let go by the watchdog, stuck where the scheduler cannot see (or a thread it never saw
         * start): counts as at a point, but is picked only when no other thread can run.
         */
        DETACHED,
        /** Left the turn into a JDK call only others end (a barrier): counts as at a point once its condition holds. */
        LEFT,
        /**
         * Waits outside the scheduler's view with nothing to come back for (a pool's thread between
         * tasks, or one let go that was still stuck when picked again): no candidate until it arrives.
         */
        IDLE,
        /** Ended outside the turn: counts as at a point (as DETACHED does) until it gets the turn, and ends then. */
        EXITED,
        /** Ended. */
        ENDED;

        /** Counts as at a point: a candidate for the turn. */
        boolean candidate() {
            return this == NEW || this == PARKED || this == POSTPONED || this == ARRIVED || this == DETACHED || this == LEFT
                    || this == EXITED;
        }

        /** Physically parked at a point (woken by a grant). */
        boolean parked() {
            return this == PARKED || this == POSTPONED || this == ARRIVED;
        }

        /** Not parked: given the turn, it runs at once (NEW is started then). */
        boolean free() {
            return this == NEW || this == DETACHED || this == LEFT || this == IDLE;
        }
    }

    /** What a RUNNING thread is doing, for the watchdog. */
    enum Doing {
        /** The program's code. */
        PROGRAM,
        /** Waits in racepipe's code for what the schedule already made certain: never stuck. */
        SETTLING,
        /** Its pool's code between two tasks: stuck as soon as it waits. */
        POOL,
        /**
         * Picked while let go, before it came back to a point: it may be on its way, woken by
         * what the scheduler does not see, and waiting for a core; it is given longer.
         */
        RETURNING
    }

    final Thread thread;
    /** The JVM thread that runs it: itself, or the carrier that runs it (runtime Carriers). */
    volatile Thread runner;
    final int index;
    volatile State state = State.NEW;
    Doing doing = Doing.PROGRAM;
    Op op = Op.START;
    Op pendingOp;                 // ARRIVED: what it will do once granted
    State before;                 // ARRIVED: the state it counts as until granted (DETACHED, LEFT, IDLE)
    long rescuedAt = -1;          // its progress when the watchdog last let it go
    long postponedAt;             // POSTPONED: the turn at which it was postponed
    long progress;                // hooks it called: the watchdog's sign of life

    // ACCESS
    int site;
    Object target;
    int slot;
    int slotEnd;                  // exclusive: slot + 1, or the end of a bulk operation's range
    boolean write;
    boolean volatileAccess;       // a volatile field: synchronisation, which exploration orders but never reports
    // an atomic block's operation (a STEP point): AtomicOps' kind, the block's invocation; site, target, slot as ACCESS
    boolean atomic;
    int atomicKind;
    long invocation;
    // ACQUIRE and WAIT
    Object lock;
    boolean exclusive;
    int acquireSite = -1;         // ACQUIRE: its site (runtime AcquireSites), -1 unknown
    final java.util.Map<Object, Integer> heldAt = new java.util.IdentityHashMap<>(); // a held lock -> the site it was first taken at
    int holds;                    // WAIT: monitor holds to restore
    boolean notified;
    boolean timed;                // WAIT, JOIN, SYNC: bounded by a time (which the schedule does not spend)
    Object waitObject;            // the monitor or Condition the thread waits on
    Object wokenFrom;             // set when granted out of a wait: what to really wake it from
    Lock realLock;                // a Condition wait: its lock
    Condition condition;
    // JOIN
    SchedThread joinTarget;
    // SYNC: a JDK call that blocks until `ready` holds (DETACHED: back at a point once it holds)
    BooleanSupplier ready;
    Object syncObject;
    // exploring: a task it submitted, whose start on a pool's thread it may wait for at its next point
    java.util.function.Supplier<Thread> submittedTo; // exploring: the submitted task's thread, once it began
    java.util.Set<Thread> threadsBeforeSubmit; // its thread group's threads before the submit: a new one after it, a worker was made

    SchedThread(Thread thread, int index) {
        this.thread = thread;
        this.runner = thread;
        this.index = index;
    }

    String name() {
        return racepipe.dynamic.runtime.ThreadNames.of(thread);
    }

    /** Wakes the thread, given the turn: parked at a point, or really waiting on a monitor. */
    void wake() {
        LockSupport.unpark(runner);
        Object monitor = wokenFrom;
        Lock lock = realLock;
        Condition c = condition;
        if (monitor == null) {
            return;
        }
        // The waiter blocks in the real wait() of its monitor or Condition; the lock is free in
        // the model, so taking it here only waits until the waiter is inside wait().
        if (c != null && lock != null) {
            lock.lock();
            try {
                c.signalAll();
            } finally {
                lock.unlock();
            }
        } else {
            synchronized (monitor) {
                monitor.notifyAll();
            }
        }
    }
}
