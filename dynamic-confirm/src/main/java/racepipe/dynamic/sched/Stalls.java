package racepipe.dynamic.sched;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * The watchdog's judgement, apart from passing the turn and from the policies: is the thread
 * that holds the turn stuck where the scheduler cannot see? The clock only paces the looks; what
 * decides is what the thread cannot do by itself, so that on a busy machine a slow thread is not
 * taken for a stuck one:
 * <ul>
 * <li>a thread given the turn that has not resumed (GRANTED), has not run at all (no CPU yet),
 *     or waits in racepipe's code for what the schedule already made certain (SETTLING): never;
 * <li>BLOCKED or WAITING outside the scheduler's parks for {@value #WAIT_TICKS} looks with no
 *     progress: only another thread can free it, and no other thread has the turn (BLOCKED on the
 *     scheduler's own lock is not stuck: it only waits for a core); back in its pool between two
 *     tasks: at the first look;
 * <li>picked again after it was let go, before it came back to a point: BLOCKED or WAITING for
 *     {@value #LONG_TICKS} looks (what woke it may be what the scheduler does not see, and on a
 *     busy machine a woken thread waits for a core);
 * <li>TIMED_WAITING for {@value #LONG_TICKS} looks: a long timed wait inside the JDK;
 * <li>RUNNABLE without using any CPU for {@value #LONG_TICKS} looks, inside a native method: a
 *     native call (I/O). On a busy machine a runnable thread in Java code can go that long
 *     without a core, so there it takes {@value #STARVED_TICKS} looks;
 * <li>RUNNABLE having used {@value #SPIN_MILLIS} ms of CPU (not of wall time) without reaching a
 *     point: a spin.
 * </ul>
 * So the watchdog fires on a thread that would never reach its next point alone, whatever the
 * load, and the schedule records that as a logical event: at turn N, thread T let go.
 * Called under the scheduler's lock, by the watchdog's thread only.
 */
final class Stalls {
    static final int WAIT_TICKS = 5;
    static final int LONG_TICKS = 25;
    static final int STARVED_TICKS = 250;
    static final long SPIN_MILLIS = 1000;
    private static final ThreadMXBean MX = threads();
    private static final boolean CPU = MX != null && MX.isThreadCpuTimeSupported() && MX.isThreadCpuTimeEnabled();

    private final Object schedulerLock;
    private SchedThread holder;
    private long progress;
    private Thread.State lastState;
    private int ticks;      // consecutive looks in lastState without progress
    private int idle;       // consecutive RUNNABLE looks without CPU used
    private long cpuFirst;  // CPU time at the first look of this stretch
    private long cpuLast;

    /** @param schedulerLock the scheduler's own lock: a holder blocked on it is not stuck */
    Stalls(Object schedulerLock) {
        this.schedulerLock = schedulerLock;
    }

    private static ThreadMXBean threads() {
        try {
            return ManagementFactory.getThreadMXBean();
        } catch (RuntimeException | Error e) {
            return null;
        }
    }

    /** One look at the thread holding the turn (null: none): why it is stuck, or null when it is not. */
    String look(SchedThread c) {
        if (c == null || c.state != SchedThread.State.RUNNING || c.doing == SchedThread.Doing.SETTLING) {
            holder = null;
            return null;
        }
        if (c != holder || c.progress != progress) { // a new stretch: the holder changed, or it made progress
            holder = c;
            progress = c.progress;
            lastState = null;
            cpuFirst = cpuLast = cpu(c);
            idle = 0;
            return null;
        }
        Thread.State st = c.runner.getState();
        if (st != lastState) {
            lastState = st;
            ticks = 0;
            idle = 0;
        }
        ticks++;
        boolean pool = c.doing == SchedThread.Doing.POOL;
        switch (st) {
            case BLOCKED, WAITING -> {
                int enough = pool ? 1 : c.doing == SchedThread.Doing.RETURNING ? LONG_TICKS : WAIT_TICKS;
                if (ticks >= enough && !(st == Thread.State.BLOCKED && onSchedulerLock(c.runner))) {
                    return pool ? "waits in its pool between tasks" : st == Thread.State.BLOCKED ? "blocked on a monitor the scheduler does not see"
                            : "waits where the scheduler does not see";
                }
            }
            case TIMED_WAITING -> {
                if (ticks >= (pool ? 1 : LONG_TICKS)) {
                    return pool ? "waits in its pool between tasks" : "in a timed wait the scheduler does not see";
                }
            }
            case RUNNABLE -> {
                long cpu = cpu(c);
                if (cpu < 0) { // no CPU clock here: the wall clock must do
                    return ticks >= LONG_TICKS ? "runs without reaching a point" : null;
                }
                if (cpu == 0) {
                    return null; // it has not run yet
                }
                if (cpu - cpuFirst >= SPIN_MILLIS * 1_000_000L) {
                    return "spins (" + SPIN_MILLIS + " ms of CPU without a point)";
                }
                idle = cpu == cpuLast ? idle + 1 : 0;
                cpuLast = cpu;
                if (idle >= STARVED_TICKS) {
                    return "runs without using CPU";
                }
                if (idle >= LONG_TICKS && inNativeMethod(c.runner)) {
                    return "in a native call (no CPU used)";
                }
            }
            default -> {
                return null; // NEW or TERMINATED: it is starting or ending
            }
        }
        return null;
    }

    /** The thread waits to enter the scheduler's own lock (asked only after many looks). */
    private boolean onSchedulerLock(Thread t) {
        if (MX == null) {
            return false;
        }
        try {
            java.lang.management.ThreadInfo info = MX.getThreadInfo(t.getId());
            java.lang.management.LockInfo lock = info == null ? null : info.getLockInfo();
            return lock != null && lock.getIdentityHashCode() == System.identityHashCode(schedulerLock)
                    && lock.getClassName().equals(schedulerLock.getClass().getName());
        } catch (RuntimeException e) {
            return false;
        }
    }

    /** The thread's top frame is a native method (its stack is taken only after many idle looks). */
    private static boolean inNativeMethod(Thread t) {
        StackTraceElement[] frames = t.getStackTrace();
        return frames.length > 0 && frames[0].isNativeMethod();
    }

    private static long cpu(SchedThread t) {
        if (!CPU) {
            return -1;
        }
        try {
            return MX.getThreadCpuTime(t.runner.getId());
        } catch (RuntimeException e) {
            return -1;
        }
    }
}
