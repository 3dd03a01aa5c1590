package racepipe.dynamic.runtime;

import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * Executor hand-offs, seen from their call sites: what a thread does before it submits a task
 * happens before the task runs, and what the task does happens before {@code Future.get()} (or
 * {@code join()}) returns. The pool's threads start inside the JDK, where no start edge is seen,
 * so the task is wrapped: the wrapper takes the edge as it starts and gives one as it ends.
 * Hand-offs (Synchronizers#handOff): the task is a message, as a thread's start and join are,
 * so hybrid takes these edges as well as happens-before. For the scheduler, a task's start is a
 * point (its body runs with the turn), its end sends its thread back to its pool, and
 * Future.get / join wait at a point until the future is done. A task submitted to an executor also
 * happens before that executor's {@code awaitTermination} returning true and its {@code close()}
 * (JDK 19+) returning: each task's end sends on its executor's termination token, they receive.
 */
public final class Tasks {
    private static final Map<Object, Task> TASK_OF = new WeakHashMap<>(); // future -> its task
    private static final Map<Object, Object> TERMINATION = new WeakHashMap<>(); // executor -> the token its tasks' ends send on
    private static final ThreadLocal<Task> LAST = new ThreadLocal<>();
    /** Tasks of this trial submitted and not yet ended (a trial's runner resets it). */
    private static final java.util.concurrent.atomic.AtomicInteger OPEN = new java.util.concurrent.atomic.AtomicInteger();

    private Tasks() {
    }

    /** A submitted Runnable, Callable or Supplier, whichever the call takes. */
    @SuppressWarnings("rawtypes")
    private static final class Task implements Runnable, Callable, Supplier {
        private final Object task;
        private final Object termination; // its executor's token (null: not known, or a pool that never terminates)
        volatile Thread runner; // the thread it began on (null: not yet)

        Task(Object task, Object termination) {
            this.task = task;
            this.termination = termination;
        }

        // the start edge orders it after its submitter's past, the end edge before Future.get
        @Override
        public void run() {
            begin(this);
            try {
                ((Runnable) task).run();
            } finally {
                end(this);
            }
        }

        @Override
        public Object call() throws Exception {
            begin(this);
            try {
                return ((Callable<?>) task).call();
            } finally {
                end(this);
            }
        }

        @Override
        public Object get() {
            begin(this);
            try {
                return ((Supplier<?>) task).get();
            } finally {
                end(this);
            }
        }
    }

    /** A task starts on its thread (a pool's): a point, so its body runs with the turn. */
    private static void begin(Task t) {
        t.runner = Thread.currentThread();
        try (LibCalls.State paused = LibCalls.pause()) {
            Scheduling s = RT.sched;
            if (s != null) {
                s.point();
            }
        }
        edge(t, false);
    }

    /** A task ends: its thread goes back to its pool (where the watchdog lets it go as soon as it waits). */
    private static void end(Task t) {
        OPEN.decrementAndGet();
        edge(t, true);
        if (t.termination != null) {
            edge(t.termination, true);
        }
        try (LibCalls.State paused = LibCalls.pause()) {
            Scheduling s = RT.sched;
            if (s != null) {
                s.taskEnded();
            }
        }
    }

    private static void edge(Object task, boolean send) {
        try (LibCalls.State paused = LibCalls.pause()) {
            Synchronizers.handOff(task, send);
        }
    }

    private static Task submitting(Object task, Object executor) {
        Task t = new Task(task, executor == null ? null : termination(executor));
        OPEN.incrementAndGet();
        edge(t, true);
        LAST.set(t);
        Scheduling s = RT.sched;
        if (s != null) {
            s.taskSubmitted(() -> t.runner);
        }
        return t;
    }

    private static Object termination(Object executor) {
        synchronized (TERMINATION) {
            return TERMINATION.computeIfAbsent(executor, e -> new Object());
        }
    }

    public static Runnable wrap(Runnable task) {
        return task == null ? null : submitting(task, null); // null: the JDK throws its own exception
    }

    @SuppressWarnings("unchecked")
    public static Callable<Object> wrap(Callable<Object> task) {
        return task == null ? null : submitting(task, null);
    }

    @SuppressWarnings("unchecked")
    public static Supplier<Object> wrap(Supplier<Object> task) {
        return task == null ? null : submitting(task, null);
    }

    /** A task given to this executor: its end also happens before the executor's termination is seen. */
    public static Runnable wrapIn(Object executor, Runnable task) {
        return task == null ? null : submitting(task, executor);
    }

    @SuppressWarnings("unchecked")
    public static Callable<Object> wrapIn(Object executor, Callable<Object> task) {
        return task == null ? null : submitting(task, executor);
    }

    @SuppressWarnings("unchecked")
    public static Supplier<Object> wrapIn(Object executor, Supplier<Object> task) {
        return task == null ? null : submitting(task, executor);
    }

    /** The executor is seen terminated: every task it ran happened before. */
    private static void terminated(Object executor) {
        Object token;
        synchronized (TERMINATION) {
            token = TERMINATION.get(executor);
        }
        if (token != null) {
            edge(token, false);
        }
    }

    /** After submit / runAsync / supplyAsync returned the task's future. */
    public static void submitted(Object future) {
        Task t = LAST.get();
        LAST.remove();
        if (t != null && future != null) {
            synchronized (TASK_OF) {
                TASK_OF.put(future, t);
            }
        }
    }

    private static void completed(Object future) {
        Task t;
        synchronized (TASK_OF) {
            t = TASK_OF.get(future);
        }
        if (t != null) {
            edge(t, false);
        }
    }

    /** Before a call that blocks until the future is done: the scheduler runs others until it is. */
    private static boolean untilDone(Future<?> f, boolean timed) {
        try (LibCalls.State paused = LibCalls.pause()) {
            return Synchronizers.until(f, f::isDone, timed);
        }
    }

    public static Object get(Future<Object> f) throws InterruptedException, ExecutionException {
        untilDone(f, false);
        Object v = f.get();
        completed(f);
        return v;
    }

    public static Object get(Future<Object> f, long t, TimeUnit u)
            throws InterruptedException, ExecutionException, TimeoutException {
        Object v = untilDone(f, true) ? f.get(t, u) : f.get(0L, TimeUnit.NANOSECONDS);
        completed(f);
        return v;
    }

    /** A new trial: no task of its is open. */
    public static void reset() {
        OPEN.set(0);
    }

    /**
     * ExecutorService.awaitTermination under a scheduler, once the pool is shut down: a point
     * that waits until every task submitted has ended (they run with the turn), then the pool's
     * threads, idle, end by themselves; waiting for that is certain, no stall (the watchdog
     * leaves it alone), bounded by the call's own timeout.
     */
    public static boolean awaitTermination(java.util.concurrent.ExecutorService e, long t, TimeUnit u) throws InterruptedException {
        Scheduling s = RT.sched;
        boolean done;
        if (s == null || e == null || !e.isShutdown()) {
            done = e.awaitTermination(t, u); // null: the JDK throws its own exception
        } else {
            try (LibCalls.State paused = LibCalls.pause()) {
                Synchronizers.until(e, () -> OPEN.get() <= 0, false);
                long until = System.nanoTime() + u.toNanos(t);
                s.expect(() -> e.isTerminated() || System.nanoTime() - until > 0);
            }
            done = e.awaitTermination(0L, TimeUnit.NANOSECONDS);
        }
        if (done) {
            terminated(e);
        }
        return done;
    }

    /**
     * ExecutorService.close() (JDK 19+): shut down, wait for the tasks (under a scheduler as
     * awaitTermination does), then the JDK's own close; its tasks happened before it returns.
     */
    public static void close(java.util.concurrent.ExecutorService e) throws Exception {
        if (e != null && RT.sched != null) {
            e.shutdown();
            if (e.isShutdown()) { // not the common pool, which close() leaves running
                awaitTermination(e, Long.MAX_VALUE, TimeUnit.NANOSECONDS);
            }
        }
        ((AutoCloseable) e).close(); // an ExecutorService is AutoCloseable from JDK 19, where the program calls it
        terminated(e);
    }

    public static Object join(CompletableFuture<Object> f) {
        untilDone(f, false);
        Object v = f.join();
        completed(f);
        return v;
    }
}
