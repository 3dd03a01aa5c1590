package racepipe.dynamic.runtime;

import java.util.IdentityHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;

/**
 * The one bridge that instrumented code calls. Arguments are JDK types and ints only, so the
 * program never names a racepipe type. Each hook asks the scheduler for its turn (when one
 * controls the run), then tells the recorder (when Phase 1 detectors watch the run).
 */
public final class RT {
    static volatile Recorder rec;
    static volatile Scheduling sched;
    static volatile boolean inTrial;
    static volatile Observer observer;
    private static final Map<Condition, Lock> CONDITION_LOCKS = new IdentityHashMap<>();

    private RT() {
    }

    // ---- plain fields and statics

    public static void read(Object target, int site) {
        field(target, site, false);
    }

    public static void write(Object target, int site) {
        field(target, site, true);
    }

    private static void field(Object target, int site, boolean write) {
        if (site < 0) {
            library(target, Sites.libraryFieldOf(site), -1, write);
            return;
        }
        LibCalls.State g = LibCalls.pause();
        try {
            Scheduling s = sched;
            Observer o = observer;
            if (s != null || o != null) {
                int field = Sites.get(site).field;
                if (s != null) {
                    s.access(site, target, field, write);
                }
                if (o != null) {
                    o.access(site, target, field, write);
                }
            }
            Recorder r = rec;
            if (r != null) {
                r.field(target, site, write);
            }
        } finally {
            LibCalls.resume(g);
        }
    }

    public static void readStatic(int site) {
        read(null, site);
    }

    public static void writeStatic(int site) {
        write(null, site);
    }

    public static void volatileRead(Object target, int site) {
        volatileField(target, site, false);
    }

    public static void volatileWrite(Object target, int site) {
        volatileField(target, site, true);
    }

    private static void volatileField(Object target, int site, boolean write) {
        LibCalls.State g = LibCalls.pause();
        try {
            Scheduling s = sched;
            if (s != null) {
                s.point();
            }
            Recorder r = rec;
            if (r != null) {
                r.volatileField(target, site, write);
            }
        } finally {
            LibCalls.resume(g);
        }
    }

    public static void volatileReadStatic(int site) {
        volatileRead(null, site);
    }

    public static void volatileWriteStatic(int site) {
        volatileWrite(null, site);
    }

    // ---- array elements: loads are observed in place, stores are done here

    public static void element(Object array, int index, int site, boolean write) {
        if (array == null) {
            return; // the access itself throws
        }
        if (site < 0) {
            library(array, -1, index, write);
            return;
        }
        LibCalls.State g = LibCalls.pause();
        try {
            Scheduling s = sched;
            if (s != null) {
                s.access(site, array, index, write);
            }
            Observer o = observer;
            if (o != null) {
                o.access(site, array, index, write);
            }
            Recorder r = rec;
            if (r != null) {
                r.element(array, index, site, write);
            }
        } finally {
            LibCalls.resume(g);
        }
    }

    public static void arrayRead(Object array, int index, int site) {
        element(array, index, site, false);
    }

    public static void storeInt(int[] a, int i, int v, int site) {
        element(a, i, site, true);
        a[i] = v;
    }

    public static void storeLong(long[] a, int i, long v, int site) {
        element(a, i, site, true);
        a[i] = v;
    }

    public static void storeFloat(float[] a, int i, float v, int site) {
        element(a, i, site, true);
        a[i] = v;
    }

    public static void storeDouble(double[] a, int i, double v, int site) {
        element(a, i, site, true);
        a[i] = v;
    }

    public static void storeChar(char[] a, int i, char v, int site) {
        element(a, i, site, true);
        a[i] = v;
    }

    public static void storeShort(short[] a, int i, short v, int site) {
        element(a, i, site, true);
        a[i] = v;
    }

    /** bastore serves byte[] and boolean[]. */
    public static void storeByte(Object a, int i, int v, int site) {
        element(a, i, site, true);
        if (a instanceof boolean[] z) {
            z[i] = (v & 1) != 0;
        } else {
            ((byte[]) a)[i] = (byte) v;
        }
    }

    public static void storeObject(Object[] a, int i, Object v, int site) {
        element(a, i, site, true);
        a[i] = v;
    }

    // ---- watched JDK collections (contract WatchedLibrary): an access counts at the application's call

    public static void libEnter(int site) {
        LibCalls.enter(site);
    }

    public static void libExit(int site) {
        LibCalls.exit(site);
    }

    /** A field (field >= 0) or element (index) access inside a watched collection class. */
    private static void library(Object target, int field, int index, boolean write) {
        LibCalls.State g = LibCalls.inCall();
        int site = g == null ? -1 : g.watched();
        if (site < 0) {
            return;
        }
        g.busy++;
        try {
            int slot = field >= 0 ? field : index;
            Scheduling s = sched;
            if (s != null) {
                s.access(site, target, slot, write);
            }
            Observer o = observer;
            if (o != null) {
                o.access(site, target, slot, write);
            }
            Recorder r = rec;
            if (r != null) {
                if (field >= 0) {
                    r.field(target, field, site, write);
                } else {
                    r.element(target, index, site, write);
                }
            }
        } finally {
            g.busy--;
        }
    }

    /** A monitor inside collection code (a synchronized wrapper's mutex): modelled inside application calls. */
    public static void libMonitorEnter(Object lock) {
        if (LibCalls.inCall() != null) {
            monitorEnter(lock);
        }
    }

    public static void libMonitorEntered(Object lock) {
        if (LibCalls.inCall() != null) {
            monitorEntered(lock);
        }
    }

    public static void libMonitorExit(Object lock) {
        if (LibCalls.inCall() != null) {
            monitorExit(lock);
        }
    }

    // ---- monitors

    public static void monitorEnter(Object lock) {
        LibCalls.State g = LibCalls.pause();
        try {
            Scheduling s = sched;
            if (s != null && lock != null) {
                s.acquire(lock, true);
            }
        } finally {
            LibCalls.resume(g);
        }
    }

    public static void monitorEntered(Object lock) {
        LibCalls.State g = LibCalls.pause();
        try {
            Recorder r = rec;
            if (r != null) {
                r.acquire(lock, true);
            }
        } finally {
            LibCalls.resume(g);
        }
    }

    public static void monitorExit(Object lock) {
        LibCalls.State g = LibCalls.pause();
        try {
            Recorder r = rec;
            if (r != null && lock != null) {
                r.release(lock, true);
            }
            Scheduling s = sched;
            if (s != null && lock != null) {
                s.release(lock, true);
            }
        } finally {
            LibCalls.resume(g);
        }
    }

    public static void waitOn(Object monitor) throws InterruptedException {
        LibCalls.State g = LibCalls.pause();
        try {
            waitOn(monitor, 0L);
        } finally {
            LibCalls.resume(g);
        }
    }

    public static void waitOn(Object monitor, long millis, int nanos) throws InterruptedException {
        LibCalls.State g = LibCalls.pause();
        try {
            waitOn(monitor, millis == 0 && nanos > 0 ? 1 : millis);
        } finally {
            LibCalls.resume(g);
        }
    }

    public static void waitOn(Object monitor, long millis) throws InterruptedException {
        LibCalls.State g = LibCalls.pause();
        try {
            Recorder r = rec;
            int holds = r != null ? r.beforeWait(monitor) : 0;
            try {
                Scheduling s = sched;
                if (s != null) {
                    s.waitOn(monitor, millis);
                } else {
                    monitor.wait(millis);
                }
            } finally {
                if (r != null) {
                    r.afterWait(monitor, monitor, holds);
                }
            }
        } finally {
            LibCalls.resume(g);
        }
    }

    public static void notifyOne(Object monitor) {
        LibCalls.State g = LibCalls.pause();
        try {
            notifyWaiters(monitor, false);
        } finally {
            LibCalls.resume(g);
        }
    }

    public static void notifyAllWaiters(Object monitor) {
        LibCalls.State g = LibCalls.pause();
        try {
            notifyWaiters(monitor, true);
        } finally {
            LibCalls.resume(g);
        }
    }

    private static void notifyWaiters(Object monitor, boolean all) {
        Recorder r = rec;
        if (r != null) {
            r.notifyWaiters(monitor);
        }
        Scheduling s = sched;
        if (s != null) {
            s.notifyWaiters(monitor, all);
        } else if (all) {
            monitor.notifyAll();
        } else {
            monitor.notify();
        }
    }

    // ---- threads

    public static void start(Thread t) {
        LibCalls.State g = LibCalls.pause();
        try {
            Recorder r = rec;
            if (r != null) {
                r.start(t);
            }
            Scheduling s = sched;
            if (s != null) {
                s.starting(t);
            }
            t.start();
            if (s != null) {
                s.point();
            }
        } finally {
            LibCalls.resume(g);
        }
    }

    public static void join(Thread t) throws InterruptedException {
        LibCalls.State g = LibCalls.pause();
        try {
            joinTimed(t, 0L);
        } finally {
            LibCalls.resume(g);
        }
    }

    public static void joinTimed(Thread t, long millis) throws InterruptedException {
        LibCalls.State g = LibCalls.pause();
        try {
            Scheduling s = sched;
            if (s != null) {
                s.join(t, millis);
            }
            t.join(millis);
            Recorder r = rec;
            if (r != null) {
                r.join(t);
            }
        } finally {
            LibCalls.resume(g);
        }
    }

    public static void sleep(long millis) throws InterruptedException {
        LibCalls.State g = LibCalls.pause();
        try {
            Scheduling s = sched;
            if (s != null) {
                s.sleep(millis);
            } else {
                Thread.sleep(millis);
            }
        } finally {
            LibCalls.resume(g);
        }
    }

    public static void yieldNow() {
        LibCalls.State g = LibCalls.pause();
        try {
            Scheduling s = sched;
            if (s != null) {
                s.point();
            } else {
                Thread.yield();
            }
        } finally {
            LibCalls.resume(g);
        }
    }

    /** In a trial, System.exit ends the trial (its threads unwind), not the worker JVM. */
    public static void exit(int status) {
        LibCalls.State g = LibCalls.pause();
        try {
            ProgramEnd.exitCalled(status);
            Scheduling s = sched;
            if (inTrial) {
                if (s != null) {
                    s.abort();
                }
                throw new Abort();
            }
            if (s != null) {
                s.exit(status);
            }
            System.exit(status);
        } finally {
            LibCalls.resume(g);
        }
    }

    // ---- java.util.concurrent.locks

    public static void lock(Lock lock) {
        LibCalls.State g = LibCalls.pause();
        try {
            acquireJuc(lock, false);
            lock.lock();
            lockTaken(lock);
        } finally {
            LibCalls.resume(g);
        }
    }

    public static void lockInterruptibly(Lock lock) throws InterruptedException {
        LibCalls.State g = LibCalls.pause();
        try {
            acquireJuc(lock, false);
            lock.lockInterruptibly();
            lockTaken(lock);
        } finally {
            LibCalls.resume(g);
        }
    }

    public static boolean tryLock(Lock lock) {
        LibCalls.State g = LibCalls.pause();
        try {
            return acquireJuc(lock, true) && tookLock(lock, lock.tryLock());
        } finally {
            LibCalls.resume(g);
        }
    }

    public static boolean tryLock(Lock lock, long time, TimeUnit unit) throws InterruptedException {
        LibCalls.State g = LibCalls.pause();
        try {
            return acquireJuc(lock, true) && tookLock(lock, lock.tryLock(time, unit));
        } finally {
            LibCalls.resume(g);
        }
    }

    /** After a try-lock: record it when taken, else give the model's grant back. */
    private static boolean tookLock(Lock lock, boolean got) {
        if (got) {
            lockTaken(lock);
        } else {
            Scheduling s = sched;
            if (s != null) {
                s.release(LockIdentity.of(lock), LockIdentity.exclusive(lock));
            }
        }
        return got;
    }

    /** Waits for the scheduler's grant; a try-lock is refused at once when the model says held. */
    private static boolean acquireJuc(Lock lock, boolean tryOnly) {
        Scheduling s = sched;
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

    private static void lockTaken(Lock lock) {
        Recorder r = rec;
        if (r != null) {
            r.acquire(LockIdentity.of(lock), LockIdentity.exclusive(lock));
        }
    }

    public static void unlock(Lock lock) {
        LibCalls.State g = LibCalls.pause();
        try {
            Object id = LockIdentity.of(lock);
            boolean exclusive = LockIdentity.exclusive(lock);
            Recorder r = rec;
            if (r != null) {
                r.release(id, exclusive);
            }
            lock.unlock();
            Scheduling s = sched;
            if (s != null) {
                s.release(id, exclusive);
            }
        } finally {
            LibCalls.resume(g);
        }
    }

    public static Condition newCondition(Lock lock) {
        LibCalls.State g = LibCalls.pause();
        try {
            Condition c = lock.newCondition();
            synchronized (CONDITION_LOCKS) {
                CONDITION_LOCKS.put(c, lock);
            }
            return c;
        } finally {
            LibCalls.resume(g);
        }
    }

    private static Lock lockOf(Condition c) {
        synchronized (CONDITION_LOCKS) {
            return CONDITION_LOCKS.get(c);
        }
    }

    public static void await(Condition c) throws InterruptedException {
        LibCalls.State g = LibCalls.pause();
        try {
            awaitNanos(c, 0L);
        } finally {
            LibCalls.resume(g);
        }
    }

    public static void awaitUninterruptibly(Condition c) {
        LibCalls.State g = LibCalls.pause();
        try {
            try {
                awaitNanos(c, 0L);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        } finally {
            LibCalls.resume(g);
        }
    }

    public static boolean await(Condition c, long time, TimeUnit unit) throws InterruptedException {
        LibCalls.State g = LibCalls.pause();
        try {
            return awaitNanos(c, Math.max(1L, unit.toNanos(time))) > 0;
        } finally {
            LibCalls.resume(g);
        }
    }

    /** Condition waits; {@code nanos} 0 waits without a bound. Returns the nanos left (JDK contract). */
    public static long awaitNanos(Condition c, long nanos) throws InterruptedException {
        LibCalls.State g = LibCalls.pause();
        try {
            Lock lock = lockOf(c);
            Object id = lock == null ? null : LockIdentity.of(lock);
            Recorder r = rec;
            int holds = r != null && id != null ? r.beforeWait(id) : 0;
            long left;
            try {
                Scheduling s = sched;
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
        } finally {
            LibCalls.resume(g);
        }
    }

    public static void signal(Condition c) {
        LibCalls.State g = LibCalls.pause();
        try {
            signalWaiters(c, false);
        } finally {
            LibCalls.resume(g);
        }
    }

    public static void signalAll(Condition c) {
        LibCalls.State g = LibCalls.pause();
        try {
            signalWaiters(c, true);
        } finally {
            LibCalls.resume(g);
        }
    }

    private static void signalWaiters(Condition c, boolean all) {
        Recorder r = rec;
        if (r != null) {
            r.notifyWaiters(c);
        }
        Scheduling s = sched;
        if (s != null) {
            s.signal(c, all);
        } else if (all) {
            c.signalAll();
        } else {
            c.signal();
        }
    }

    /** Called by the instrumented java.lang.Thread.exit(): the thread is about to end. */
    public static void threadExit(Thread t) {
        LibCalls.clear();
        LibCalls.State g = LibCalls.pause();
        try {
            Scheduling s = sched;
            if (s != null) {
                s.threadEnd(t);
            }
        } finally {
            LibCalls.resume(g);
        }
    }
}
