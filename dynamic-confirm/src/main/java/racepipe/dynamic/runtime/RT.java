package racepipe.dynamic.runtime;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;

/**
 * The one bridge that instrumented code calls (agent/CallReplacements and MethodInstrumenter emit
 * these names and descriptors: change them together). Arguments are JDK types and ints only,
 * so the program never names a racepipe type. Each hook asks the scheduler for its turn (when
 * one controls the run), then tells the recorder (when Phase 1 detectors watch the run); the
 * work is done by Accesses (the hot path), Monitors, ThreadCalls and Locks.
 */
public final class RT {
    static volatile Recorder rec;
    static volatile Scheduling sched;
    static volatile boolean inTrial;
    static volatile Observer observer;
    /** The recorder when it alone listens (no scheduler, no observer): an access only appends (Control keeps it). */
    static volatile Recorder direct;

    private RT() {
    }

    // ---- plain fields and statics

    public static void read(Object target, int site) {
        Accesses.field(target, site, false);
    }

    public static void write(Object target, int site) {
        Accesses.field(target, site, true);
    }

    public static void readStatic(int site) {
        Accesses.field(null, site, false);
    }

    public static void writeStatic(int site) {
        Accesses.field(null, site, true);
    }

    public static void volatileRead(Object target, int site) {
        Accesses.volatileField(target, site, false);
    }

    public static void volatileWrite(Object target, int site) {
        Accesses.volatileField(target, site, true);
    }

    public static void volatileReadStatic(int site) {
        Accesses.volatileField(null, site, false);
    }

    public static void volatileWriteStatic(int site) {
        Accesses.volatileField(null, site, true);
    }

    // ---- array elements: loads are observed in place, stores are done here

    public static void arrayRead(Object array, int index, int site) {
        Accesses.element(array, index, site, false);
    }

    public static void storeInt(int[] a, int i, int v, int site) {
        Accesses.element(a, i, site, true);
        a[i] = v;
    }

    public static void storeLong(long[] a, int i, long v, int site) {
        Accesses.element(a, i, site, true);
        a[i] = v;
    }

    public static void storeFloat(float[] a, int i, float v, int site) {
        Accesses.element(a, i, site, true);
        a[i] = v;
    }

    public static void storeDouble(double[] a, int i, double v, int site) {
        Accesses.element(a, i, site, true);
        a[i] = v;
    }

    public static void storeChar(char[] a, int i, char v, int site) {
        Accesses.element(a, i, site, true);
        a[i] = v;
    }

    public static void storeShort(short[] a, int i, short v, int site) {
        Accesses.element(a, i, site, true);
        a[i] = v;
    }

    /** bastore serves byte[] and boolean[]. */
    public static void storeByte(Object a, int i, int v, int site) {
        Accesses.element(a, i, site, true);
        if (a instanceof boolean[] z) {
            z[i] = (v & 1) != 0;
        } else {
            ((byte[]) a)[i] = (byte) v;
        }
    }

    public static void storeObject(Object[] a, int i, Object v, int site) {
        Accesses.element(a, i, site, true);
        a[i] = v;
    }

    // ---- watched JDK collections (contract WatchedLibrary): an access counts at the application's call

    public static void libEnter(int site) {
        LibCalls.enter(site);
    }

    public static void libExit(int site) {
        LibCalls.exit(site);
    }

    /** A monitor inside collection code (a synchronized wrapper's mutex): modelled inside application calls. */
    public static void libMonitorEnter(Object lock) {
        if (LibCalls.inCall() != null) {
            Monitors.enter(lock);
        }
    }

    public static void libMonitorEntered(Object lock) {
        if (LibCalls.inCall() != null) {
            Monitors.entered(lock);
        }
    }

    public static void libMonitorExit(Object lock) {
        if (LibCalls.inCall() != null) {
            Monitors.exit(lock);
        }
    }

    // ---- atomics, VarHandles, concurrent collections: happens-before edges (contract WatchedLibrary.syncKind)

    /** Before an atomic call (contract AtomicCells): a point on its cell for a scheduler that explores. */
    public static void atomic(Object receiver, Object arg, long key, int mode, int site) {
        Scheduling s = sched;
        if (s != null && receiver != null) {
            try (LibCalls.State paused = LibCalls.pause()) {
                AtomicCalls.before(s, receiver, arg, key, mode, site);
            }
        }
    }

    /** After an atomic update that says whether it took place (compareAndSet): false, it only read its cell. */
    public static void atomicDone(boolean updated) {
        Scheduling s = sched;
        if (s != null && !updated) {
            s.atomicFailed();
        }
    }

    /** After a call that made a field updater or a VarHandle onto the field {@code name} of c. */
    public static void namedCell(Object handle, Class<?> c, String name) {
        if (handle != null && c != null && name != null) {
            try (LibCalls.State paused = LibCalls.pause()) {
                AtomicCalls.named(handle, c, name);
            }
        }
    }

    /** Before a call that publishes through o; check: only when o's class is java.util.concurrent's. */
    public static void syncBefore(Object o, boolean check) {
        if ((rec != null || sched != null) && o != null && (!check || Synchronizers.concurrent(o))) {
            try (LibCalls.State paused = LibCalls.pause()) {
                Synchronizers.release(o);
            }
        }
    }

    /** After a call that observes through o. */
    public static void syncAfter(Object o, boolean check) {
        if ((rec != null || sched != null) && o != null && (!check || Synchronizers.concurrent(o))) {
            try (LibCalls.State paused = LibCalls.pause()) {
                Synchronizers.acquired(o);
            }
        }
    }

    /**
     * Before a call that stores {@code value} into the concurrent collection o (check: only when
     * o's class is java.util.concurrent's): value is handed off to whoever takes it out.
     */
    public static void passIn(Object value, Object o, boolean check) {
        if (rec != null && value != null && o != null && (!check || Synchronizers.concurrent(o))) {
            try (LibCalls.State paused = LibCalls.pause()) {
                Synchronizers.passed(value, true);
            }
        }
    }

    /**
     * After a call on the concurrent collection o that returned {@code value}: received; and
     * when the call stored what it returns (computeIfAbsent), handed off too. That thread may
     * only have found it: then its past is handed on needlessly, an over-approximation.
     */
    public static void passOut(Object value, Object o, boolean check, boolean stored) {
        if (rec != null && value != null && o != null && (!check || Synchronizers.concurrent(o))) {
            try (LibCalls.State paused = LibCalls.pause()) {
                Synchronizers.passed(value, false);
                if (stored) {
                    Synchronizers.passed(value, true);
                }
            }
        }
    }

    // ---- atomic blocks (agent option atomic=): see AtomicOps

    public static void atomicEnter(int block) {
        AtomicOps.enter(block);
    }

    public static void atomicOp(Object target, int op) {
        AtomicOps.operation(target, op);
    }

    // ---- monitors, wait and notify

    /** The next acquire of this thread is at this site (AcquireSites). */
    public static void acquireSite(int site) {
        if (rec != null || sched != null) {
            AcquireSites.at(site);
        }
    }

    public static void monitorEnter(Object lock) {
        Monitors.enter(lock);
    }

    public static void monitorEntered(Object lock) {
        Monitors.entered(lock);
    }

    public static void monitorExit(Object lock) {
        Monitors.exit(lock);
    }

    public static void waitOn(Object monitor) throws InterruptedException {
        Monitors.waitOn(monitor, 0L);
    }

    public static void waitOn(Object monitor, long millis) throws InterruptedException {
        Monitors.waitOn(monitor, millis);
    }

    public static void waitOn(Object monitor, long millis, int nanos) throws InterruptedException {
        Monitors.waitOn(monitor, millis == 0 && nanos > 0 ? 1 : millis);
    }

    public static void notifyOne(Object monitor) {
        Monitors.notifyWaiters(monitor, false);
    }

    public static void notifyAllWaiters(Object monitor) {
        Monitors.notifyWaiters(monitor, true);
    }

    // ---- threads, System.exit and Runtime.halt

    public static void start(Thread t) {
        ThreadCalls.start(t);
    }

    /** Thread.Builder.start(task) (JDK 21+; the receiver is typed Object for JDK 17): unstarted, then started as Thread.start. */
    public static Thread builderStart(Object builder, Runnable task) {
        Thread t = ThreadCalls.unstarted(builder, task);
        ThreadCalls.start(t);
        return t;
    }

    /** Thread.startVirtualThread(task) (JDK 21+): a virtual thread's start the scheduler and detectors see. */
    public static Thread startVirtualThread(Runnable task) {
        return builderStart(ThreadCalls.ofVirtual(), task);
    }

    public static void join(Thread t) throws InterruptedException {
        ThreadCalls.join(t, 0L);
    }

    public static void joinTimed(Thread t, long millis) throws InterruptedException {
        ThreadCalls.join(t, millis);
    }

    // ---- a program thread as the program sees it, also when a carrier runs it (Carriers)

    public static Thread currentThread() {
        return Carriers.current();
    }

    public static boolean isAlive(Thread t) {
        return Carriers.isAlive(t);
    }

    public static Thread.State getState(Thread t) {
        return Carriers.state(t);
    }

    /** Thread.interrupt: the thread's own (a subclass's may do more), and its carrier's, which really waits. */
    public static void interrupt(Thread t) {
        t.interrupt();
        Thread r = Carriers.runner(t);
        if (r != t) {
            r.interrupt();
        }
    }

    public static boolean isInterrupted(Thread t) {
        Thread r = Carriers.runner(t);
        return r != t ? r.isInterrupted() : t.isInterrupted();
    }

    public static StackTraceElement[] getStackTrace(Thread t) {
        Thread r = Carriers.runner(t);
        return r != t ? r.getStackTrace() : t.getStackTrace();
    }

    public static void unpark(Thread t) {
        java.util.concurrent.locks.LockSupport.unpark(t == null ? null : Carriers.runner(t));
    }

    public static void sleep(long millis) throws InterruptedException {
        ThreadCalls.sleep(millis);
    }

    public static void yieldNow() {
        ThreadCalls.yieldNow();
    }

    /** In a trial, System.exit ends the trial (its threads unwind), not the worker JVM (ProgramExit). */
    public static void exit(int status) {
        ProgramExit.exit(status, false);
    }

    /** Runtime.exit: as System.exit. */
    public static void exitRuntime(Runtime runtime, int status) {
        ProgramExit.exit(status, false);
    }

    /** Runtime.halt: ends the program as System.exit does (a trial, or the run after its result is written). */
    public static void halt(Runtime runtime, int status) {
        ProgramExit.exit(status, true);
    }

    /** Called by the instrumented java.lang.Thread.exit(): the thread is about to end. */
    public static void threadExit(Thread t) {
        ThreadCalls.ended(t);
    }

    /** Called by the instrumented java.lang.VirtualThread constructor: its task, which reports the thread's end. */
    public static Runnable virtualTask(Runnable task) {
        return VirtualTask.wrap(task);
    }

    // ---- java.util.concurrent.locks

    public static void lock(Lock lock) {
        Locks.lock(lock);
    }

    public static void lockInterruptibly(Lock lock) throws InterruptedException {
        Locks.lockInterruptibly(lock);
    }

    public static boolean tryLock(Lock lock) {
        return Locks.tryLock(lock);
    }

    public static boolean tryLock(Lock lock, long time, TimeUnit unit) throws InterruptedException {
        return Locks.tryLock(lock, time, unit);
    }

    public static void unlock(Lock lock) {
        Locks.unlock(lock);
    }

    public static Condition newCondition(Lock lock) {
        return Locks.newCondition(lock);
    }

    public static void await(Condition c) throws InterruptedException {
        Locks.awaitNanos(c, 0L);
    }

    public static void awaitUninterruptibly(Condition c) {
        try {
            Locks.awaitNanos(c, 0L);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    public static boolean await(Condition c, long time, TimeUnit unit) throws InterruptedException {
        return Locks.awaitNanos(c, Math.max(1L, unit.toNanos(time))) > 0;
    }

    /** Condition waits; {@code nanos} 0 waits without a bound. Returns the nanos left (JDK contract). */
    public static long awaitNanos(Condition c, long nanos) throws InterruptedException {
        return Locks.awaitNanos(c, nanos);
    }

    public static void signal(Condition c) {
        Locks.signal(c, false);
    }

    public static void signalAll(Condition c) {
        Locks.signal(c, true);
    }
}
