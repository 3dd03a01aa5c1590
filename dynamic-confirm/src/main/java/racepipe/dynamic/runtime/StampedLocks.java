package racepipe.dynamic.runtime;

import java.util.concurrent.locks.StampedLock;

/**
 * A StampedLock used through its stamps: writeLock / readLock (and their interruptible and try
 * forms) take it in exclusive / shared mode, unlockWrite / unlockRead / unlock(stamp) release it.
 * Its identity is LockIdentity's token, the same as its views' (asReadLock, asWriteLock), never
 * the StampedLock's monitor. Optimistic reads (tryOptimisticRead, validate) and the tryConvertTo
 * methods are not modelled: an optimistic read holds nothing, and a converted stamp's release
 * is then one the models did not see taken (they ignore it).
 */
public final class StampedLocks {
    private StampedLocks() {
    }

    private static void acquire(StampedLock l, boolean exclusive) {
        Scheduling s = RT.sched;
        if (s != null) {
            s.acquire(LockIdentity.of(l), exclusive);
        }
    }

    /** Before a blocking write lock: its lock order, for iGoodlock (as Monitors.enter: a deadlocked run never returns). */
    private static void requested(StampedLock l) {
        Recorder r = RT.rec;
        if (r != null) {
            r.request(LockIdentity.of(l));
        }
    }

    private static long taken(StampedLock l, boolean exclusive, long stamp) {
        return taken(l, exclusive, stamp, true);
    }

    /** {@code blocking} false: a try form took it (no lock-order dependency: it never waits for good). */
    private static long taken(StampedLock l, boolean exclusive, long stamp, boolean blocking) {
        Recorder r = RT.rec;
        if (r != null && stamp != 0L) {
            r.acquire(LockIdentity.of(l), exclusive, blocking);
        }
        return stamp;
    }

    /** A try form: refused at once when the model says held; a refused or failed try gives the grant back. */
    private static long tried(StampedLock l, boolean exclusive, boolean granted, long stamp) {
        Scheduling s = RT.sched;
        if (granted && stamp == 0L && s != null) {
            s.release(LockIdentity.of(l), exclusive);
        }
        return taken(l, exclusive, stamp, false);
    }

    public static long writeLock(StampedLock l) {
        try (LibCalls.State paused = LibCalls.pause()) {
            requested(l);
            acquire(l, true);
            return taken(l, true, l.writeLock());
        }
    }

    public static long readLock(StampedLock l) {
        try (LibCalls.State paused = LibCalls.pause()) {
            acquire(l, false);
            return taken(l, false, l.readLock());
        }
    }

    public static long writeLockInterruptibly(StampedLock l) throws InterruptedException {
        try (LibCalls.State paused = LibCalls.pause()) {
            requested(l);
            acquire(l, true);
            return taken(l, true, l.writeLockInterruptibly());
        }
    }

    public static long readLockInterruptibly(StampedLock l) throws InterruptedException {
        try (LibCalls.State paused = LibCalls.pause()) {
            acquire(l, false);
            return taken(l, false, l.readLockInterruptibly());
        }
    }

    public static long tryWriteLock(StampedLock l) {
        try (LibCalls.State paused = LibCalls.pause()) {
            Scheduling s = RT.sched;
            boolean granted = s == null || s.tryAcquire(LockIdentity.of(l), true);
            return granted ? tried(l, true, s != null, l.tryWriteLock()) : 0L;
        }
    }

    public static long tryReadLock(StampedLock l) {
        try (LibCalls.State paused = LibCalls.pause()) {
            Scheduling s = RT.sched;
            boolean granted = s == null || s.tryAcquire(LockIdentity.of(l), false);
            return granted ? tried(l, false, s != null, l.tryReadLock()) : 0L;
        }
    }

    public static void unlockWrite(StampedLock l, long stamp) {
        release(l, true, stamp);
    }

    public static void unlockRead(StampedLock l, long stamp) {
        release(l, false, stamp);
    }

    public static void unlock(StampedLock l, long stamp) {
        release(l, !StampedLock.isReadLockStamp(stamp), stamp);
    }

    private static void release(StampedLock l, boolean exclusive, long stamp) {
        try (LibCalls.State paused = LibCalls.pause()) {
            Object id = LockIdentity.of(l);
            Recorder r = RT.rec;
            if (r != null) {
                r.release(id, exclusive);
            }
            if (exclusive) {
                l.unlockWrite(stamp);
            } else if (StampedLock.isReadLockStamp(stamp) || !StampedLock.isWriteLockStamp(stamp)) {
                l.unlockRead(stamp);
            } else {
                l.unlock(stamp);
            }
            Scheduling s = RT.sched;
            if (s != null) {
                s.release(id, exclusive);
            }
        }
    }
}
