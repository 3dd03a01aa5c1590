package racepipe.dynamic.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * JVM threads reused to run the program's threads, one program thread at a time each: an
 * explored execution starts a dozen threads, and creating a JVM thread (and waiting for it to
 * run, and for it to die at a join) cost more than the rest of a small execution. A program
 * thread started by the exploring scheduler runs its {@code run()} on an idle carrier instead of
 * its own JVM thread. The program still sees its own Thread object: the calls that would tell
 * the difference (currentThread, isAlive, getState, interrupt, isInterrupted, getStackTrace,
 * LockSupport.unpark) are replaced in its code and answered here (see RT). A carrier runs one
 * program thread per trial at most (a ThreadLocal it kept would leak into the next); it is
 * reused from the next trial on ({@link #nextTrial}).
 */
public final class Carriers {
    /** A reused JVM thread; {@code logical} is the program thread it runs (null: idle). */
    static final class Carrier extends Thread {
        volatile Thread logical;
        int trial = -1;  // the trial it last ran a program thread in

        Carrier(int n) {
            super(Group.GROUP, null, "racepipe-carrier-" + n, 0, false);
            setDaemon(false); // the program's threads made on it inherit this, as they would from its own threads
        }

        @Override
        public void run() {
            while (true) {
                Thread t;
                while ((t = logical) == null) {
                    LockSupport.park(this);
                }
                setContextClassLoader(t.getContextClassLoader());
                try {
                    t.run();
                } catch (Throwable e) {
                    uncaught(t, e);
                } finally {
                    RT.threadExit(t);
                    ended(this, t);
                    Thread.interrupted(); // an interrupt meant for the program thread ends with it
                    setContextClassLoader(null); // its class loader may go
                }
            }
        }
    }

    /**
     * The carriers' group: what a program thread makes on a carrier (a thread, a pool's worker)
     * lands here. Made at the first use (a run that never explores makes none).
     */
    private static final class Group {
        static final ThreadGroup GROUP = new ThreadGroup("racepipe-carriers") {
            @Override
            public void uncaughtException(Thread t, Throwable e) {
                if (!(e instanceof Abort)) {
                    ProgramEnd.uncaught(t, e);
                }
            }
        };
    }

    /** -Dracepipe.carriers=false: every program thread on a JVM thread of its own (to compare). */
    public static final boolean ENABLED = !"false".equals(System.getProperty("racepipe.carriers"));

    private static final Object LOCK = new Object();
    private static final List<Carrier> ALL = new ArrayList<>();
    private static int trial;

    private Carriers() {
    }

    /** As the JVM does for a thread whose run() threw: its handler (its group's, else). */
    private static void uncaught(Thread t, Throwable e) {
        try {
            Thread.UncaughtExceptionHandler h = t.getUncaughtExceptionHandler();
            (h != null ? h : Group.GROUP).uncaughtException(t, e);
        } catch (Throwable ignored) {
            // as the JVM ignores an exception thrown by the handler
        }
    }

    private static void ended(Carrier c, Thread t) {
        synchronized (LOCK) {
            c.logical = null;
            ENDED.put(t, Boolean.TRUE);
            LOCK.notifyAll();
        }
    }

    private static final java.util.Map<Thread, Boolean> ENDED = new java.util.WeakHashMap<>();

    /**
     * Whether {@code t} can run on a carrier: a plain platform thread not started yet, whose
     * start() is Thread's own (a subclass's start() may do more than start it).
     */
    public static boolean carriable(Thread t) {
        if (t instanceof Carrier || t.getState() != Thread.State.NEW) {
            return false;
        }
        try {
            return t.getClass().getMethod("start").getDeclaringClass() == Thread.class
                    && !t.getClass().getName().endsWith("VirtualThread");
        } catch (NoSuchMethodException e) {
            return false;
        }
    }

    /**
     * The carrier that will run {@code t}: one idle since an earlier trial, or a new one. It runs
     * nothing until {@link #run}; the caller first notes which carrier stands for t.
     */
    public static Thread take() {
        synchronized (LOCK) {
            for (Carrier c : ALL) {
                if (c.logical == null && c.trial != trial && c.isAlive()) {
                    c.trial = trial;
                    return c;
                }
            }
            Carrier c = new Carrier(ALL.size());
            c.trial = trial;
            ALL.add(c);
            return c;
        }
    }

    /** {@code carrier} (from {@link #take}) runs t's run() now, and t's end as the JVM's exit of a thread would. */
    public static void run(Thread carrier, Thread t) {
        Carrier c = (Carrier) carrier;
        synchronized (LOCK) {
            c.logical = t;
        }
        if (c.getState() == Thread.State.NEW) {
            c.start();
        } else {
            LockSupport.unpark(c);
        }
    }

    /** A new trial: carriers idle now may be taken again. */
    public static void nextTrial() {
        synchronized (LOCK) {
            trial++;
        }
    }

    /** The program's threads that carriers run now. */
    public static List<Thread> running() {
        List<Thread> out = new ArrayList<>();
        synchronized (LOCK) {
            for (Carrier c : ALL) {
                Thread t = c.logical;
                if (t != null) {
                    out.add(t);
                }
            }
        }
        return out;
    }

    /** Waits (at most until the deadline) until a carried thread ends. */
    public static void awaitAnEnd(long deadlineNanos) throws InterruptedException {
        long left = (deadlineNanos - System.nanoTime()) / 1_000_000;
        if (left > 0) {
            synchronized (LOCK) {
                LOCK.wait(Math.min(left, 10));
            }
        }
    }

    /** The threads made in the carriers' group that are no carriers (a pool's workers a program thread made). */
    public static List<Thread> strays() {
        synchronized (LOCK) {
            if (ALL.isEmpty()) {
                return new ArrayList<>(); // no carrier yet: no group either
            }
        }
        ThreadGroup group = Group.GROUP;
        Thread[] live = new Thread[group.activeCount() + 8];
        int n = group.enumerate(live);
        List<Thread> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (!(live[i] instanceof Carrier)) {
                out.add(live[i]);
            }
        }
        return out;
    }

    // ---- what the program asks of a thread (RT's bridges)

    /** Thread.currentThread() as the program sees it: the program thread a carrier runs. */
    public static Thread current() {
        Thread me = Thread.currentThread();
        if (me instanceof Carrier c) {
            Thread t = c.logical;
            return t != null ? t : me;
        }
        return me;
    }

    /** The JVM thread that runs t now: its carrier, or t itself. */
    public static Thread runner(Thread t) {
        if (t.getState() == Thread.State.NEW) { // carried threads never start
            synchronized (LOCK) {
                for (Carrier c : ALL) {
                    if (c.logical == t) {
                        return c;
                    }
                }
            }
        }
        return t;
    }

    public static boolean isAlive(Thread t) {
        return t.isAlive() || runner(t) != t;
    }

    public static Thread.State state(Thread t) {
        Thread r = runner(t);
        if (r != t) {
            return r.getState();
        }
        synchronized (LOCK) {
            return ENDED.containsKey(t) ? Thread.State.TERMINATED : t.getState();
        }
    }
}
