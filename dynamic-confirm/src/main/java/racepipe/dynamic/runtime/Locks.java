package racepipe.dynamic.runtime;

import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;

/**
 * java.util.concurrent.locks: Lock and ReadWriteLock (the two locks of one ReentrantReadWriteLock
 * are one lock in two modes, see LockIdentity) and Condition. The scheduler grants a lock before
 * the thread takes it and learns of a release after it; the recorder sees the real order.
 */
final class Locks {
    /**
     * Each Condition the program made, with its lock; weak keys: an entry goes with its Condition
     * (the JDK's conditions keep identity equality, and none refers back to its Lock object).
     */
    private static final Map<Condition, Lock> CONDITION_LOCKS = new WeakHashMap<>();

    private Locks() {
    }

    static void lock(Lock lock) {
        try (LibCalls.State paused = LibCalls.pause()) {
            requested(lock); // before the grant, as Monitors.enter: a seeded run that deadlocks waits in the grant
            acquire(lock, false);
            lock.lock();
            taken(lock);
        }
    }

    static void lockInterruptibly(Lock lock) throws InterruptedException {
        try (LibCalls.State paused = LibCalls.pause()) {
            requested(lock); // before the grant, as Monitors.enter: a seeded run that deadlocks waits in the grant
            acquire(lock, false);
            lock.lockInterruptibly();
            taken(lock);
        }
    }

    static boolean tryLock(Lock lock) {
        try (LibCalls.State paused = LibCalls.pause()) {
            return acquire(lock, true) && tried(lock, lock.tryLock());
        }
    }

    static boolean tryLock(Lock lock, long time, TimeUnit unit) throws InterruptedException {
        try (LibCalls.State paused = LibCalls.pause()) {
            return acquire(lock, true) && tried(lock, lock.tryLock(time, unit));
        }
    }

    /** Waits for the scheduler's grant; a try-lock is refused at once when the model says held. */
    private static boolean acquire(Lock lock, boolean tryOnly) {
        Scheduling s = RT.sched;
        if (s == null) {
            return true;
        }
        Object id = LockIdentity.of(lock);
        boolean exclusive = LockIdentity.exclusive(lock);
        if (tryOnly) {
            return s.tryAcquire(id, exclusive);
        }
        s.acquire(id, exclusive);
        return true;
    }

    /** Before a blocking lock of an exclusive lock: its lock order, for iGoodlock (a deadlock never returns). */
    private static void requested(Lock lock) {
        Recorder r = RT.rec;
        if (r != null && LockIdentity.exclusive(lock)) {
            r.request(LockIdentity.of(lock));
        }
    }

    /** After a try-lock: record it when taken, else give the model's grant back. */
    private static boolean tried(Lock lock, boolean got) {
        if (got) {
            taken(lock, false);
        } else {
            Scheduling s = RT.sched;
            if (s != null) {
                s.release(LockIdentity.of(lock), LockIdentity.exclusive(lock));
            }
        }
        return got;
    }

    private static void taken(Lock lock) {
        taken(lock, true);
    }

    /** {@code blocking} false: a try-lock took it, and a try-lock never waits for good (no lock-order dependency). */
    private static void taken(Lock lock, boolean blocking) {
        Recorder r = RT.rec;
        if (r != null) {
            r.acquire(LockIdentity.of(lock), LockIdentity.exclusive(lock), blocking);
        }
    }

    static void unlock(Lock lock) {
        try (LibCalls.State paused = LibCalls.pause()) {
            Object id = LockIdentity.of(lock);
            boolean exclusive = LockIdentity.exclusive(lock);
            Recorder r = RT.rec;
            if (r != null) {
                r.release(id, exclusive);
            }
            lock.unlock();
            Scheduling s = RT.sched;
            if (s != null) {
                s.release(id, exclusive);
            }
        }
    }

    /** A new Condition, remembered with its lock: an await releases that lock in the models. */
    static Condition newCondition(Lock lock) {
        try (LibCalls.State paused = LibCalls.pause()) {
            Condition c = lock.newCondition();
            synchronized (CONDITION_LOCKS) {
                CONDITION_LOCKS.put(c, lock);
            }
            return c;
        }
    }

    private static Lock lockOf(Condition c) {
        synchronized (CONDITION_LOCKS) {
            return CONDITION_LOCKS.get(c);
        }
    }

    /** Condition waits; {@code nanos} 0 waits without a bound. Returns the nanos left (JDK contract). */
    static long awaitNanos(Condition c, long nanos) throws InterruptedException {
        try (LibCalls.State paused = LibCalls.pause()) {
            Lock lock = lockOf(c);
            Object id = lock == null ? null : LockIdentity.of(lock);
            Recorder r = RT.rec;
            int holds = r != null && id != null ? r.beforeWait(id) : 0;
            long left;
            try {
                Scheduling s = RT.sched;
                if (s != null && lock != null) {
                    left = s.await(c, lock, id, nanos);
                } else if (nanos == 0L) {
                    c.await();
                    left = 1L;
                } else {
                    left = c.awaitNanos(nanos);
                }
            } finally {
                if (r != null && id != null) {
                    r.afterWait(c, id, holds);
                }
            }
            return left;
        }
    }

    static void signal(Condition c, boolean all) {
        try (LibCalls.State paused = LibCalls.pause()) {
            Recorder r = RT.rec;
            if (r != null) {
                r.notifyWaiters(c);
            }
            Scheduling s = RT.sched;
            if (s != null) {
                s.signal(c, all);
            } else if (all) {
                c.signalAll();
            } else {
                c.signal();
            }
        }
    }
}
