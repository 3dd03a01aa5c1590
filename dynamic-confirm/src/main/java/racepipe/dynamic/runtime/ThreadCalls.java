package racepipe.dynamic.runtime;

/** Thread.start/join/sleep/yield, and the end of a thread. */
final class ThreadCalls {
    private ThreadCalls() {
    }

    /**
     * Thread.Builder's unstarted(task) and Thread.ofVirtual(), found reflectively: the runtime is
     * built for JDK 17, where builders do not exist (nor do calls to them in a program it runs).
     */
    static Thread unstarted(Object builder, Runnable task) {
        try {
            return (Thread) Builders.UNSTARTED.invoke(builder, task);
        } catch (java.lang.reflect.InvocationTargetException e) {
            throw rethrown(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("Thread.Builder.unstarted is not callable here", e);
        }
    }

    static Object ofVirtual() {
        try {
            return Builders.OF_VIRTUAL.invoke(null);
        } catch (java.lang.reflect.InvocationTargetException e) {
            throw rethrown(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("Thread.ofVirtual is not callable here", e);
        }
    }

    /** Looked up once, on the first builder call (only a JDK with builders loads this class). */
    private static final class Builders {
        static final java.lang.reflect.Method UNSTARTED, OF_VIRTUAL;

        static {
            try {
                UNSTARTED = Class.forName("java.lang.Thread$Builder").getMethod("unstarted", Runnable.class);
                OF_VIRTUAL = Thread.class.getMethod("ofVirtual");
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }
    }

    private static RuntimeException rethrown(Throwable t) {
        if (t instanceof RuntimeException r) {
            throw r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        return new IllegalStateException(t);
    }

    static void start(Thread t) {
        try (LibCalls.State paused = LibCalls.pause()) {
            Recorder r = RT.rec;
            if (r != null) {
                r.start(t);
            }
            Scheduling s = RT.sched;
            if (s == null || !s.starting(t)) {
                t.start();
            }
            if (s != null) {
                s.point();
            }
        }
    }

    /** Thread.join(millis); 0 waits for the end. The recorder takes the edge only from an ended thread. */
    static void join(Thread t, long millis) throws InterruptedException {
        try (LibCalls.State paused = LibCalls.pause()) {
            Scheduling s = RT.sched;
            if (s != null && !s.join(t, millis)) {
                return; // timed: the schedule let the time run out (the time itself is not spent)
            }
            t.join(millis);
            Recorder r = RT.rec;
            if (r != null) {
                r.join(t);
            }
        }
    }

    static void sleep(long millis) throws InterruptedException {
        try (LibCalls.State paused = LibCalls.pause()) {
            Scheduling s = RT.sched;
            if (s != null) {
                s.sleep(millis);
            } else {
                Thread.sleep(millis);
            }
        }
    }

    static void yieldNow() {
        try (LibCalls.State paused = LibCalls.pause()) {
            Scheduling s = RT.sched;
            if (s != null && !s.released()) {
                s.yieldPoint();
            } else {
                Thread.yield(); // a spin loop's yield lets the thread it waits for run
            }
        }
    }

    /**
     * The thread is about to end: the calls it had open are over, the recorder takes its last
     * accesses, and the scheduler hands its turn on.
     */
    static void ended(Thread t) {
        LibCalls.clear();
        try (LibCalls.State paused = LibCalls.pause()) {
            Recorder r = RT.rec;
            if (r != null && t == Thread.currentThread()) {
                r.threadEnd();
            }
            Scheduling s = RT.sched;
            if (s != null) {
                s.threadEnd(t);
            }
        }
    }
}
