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
 * Edges for happens-before only, like Synchronizers'.
 */
public final class Tasks {
    private static final Map<Object, Object> TASK_OF = new WeakHashMap<>(); // future -> wrapper
    private static final ThreadLocal<Object> LAST = new ThreadLocal<>();

    private Tasks() {
    }

    private static void edge(Object sync, boolean release) {
        Recorder r = RT.rec;
        if (r != null) {
            r.syncEdge(sync, release);
        }
    }

    private static Object submitting(Object wrapper) {
        LibCalls.State g = LibCalls.pause();
        try {
            edge(wrapper, true);
            LAST.set(wrapper);
            return wrapper;
        } finally {
            LibCalls.resume(g);
        }
    }

    /** The task starts: after its submitter's past. */
    static void started(Object wrapper) {
        LibCalls.State g = LibCalls.pause();
        try {
            edge(wrapper, false);
        } finally {
            LibCalls.resume(g);
        }
    }

    /** The task ends: before whoever gets its result. */
    static void ended(Object wrapper) {
        LibCalls.State g = LibCalls.pause();
        try {
            edge(wrapper, true);
        } finally {
            LibCalls.resume(g);
        }
    }

    public static Runnable wrap(Runnable task) {
        if (task == null) {
            return null; // the JDK throws its own NullPointerException
        }
        Runnable[] self = new Runnable[1];
        self[0] = () -> {
            started(self[0]);
            try {
                task.run();
            } finally {
                ended(self[0]);
            }
        };
        return (Runnable) submitting(self[0]);
    }

    @SuppressWarnings("unchecked")
    public static Callable<Object> wrap(Callable<Object> task) {
        if (task == null) {
            return null;
        }
        Callable<Object>[] self = new Callable[1];
        self[0] = () -> {
            started(self[0]);
            try {
                return task.call();
            } finally {
                ended(self[0]);
            }
        };
        return (Callable<Object>) submitting(self[0]);
    }

    @SuppressWarnings("unchecked")
    public static Supplier<Object> wrap(Supplier<Object> task) {
        if (task == null) {
            return null;
        }
        Supplier<Object>[] self = new Supplier[1];
        self[0] = () -> {
            started(self[0]);
            try {
                return task.get();
            } finally {
                ended(self[0]);
            }
        };
        return (Supplier<Object>) submitting(self[0]);
    }

    /** After submit / runAsync / supplyAsync returned the task's future. */
    public static void submitted(Object future) {
        LibCalls.State g = LibCalls.pause();
        try {
            Object w = LAST.get();
            LAST.remove();
            if (w != null && future != null) {
                synchronized (TASK_OF) {
                    TASK_OF.put(future, w);
                }
            }
        } finally {
            LibCalls.resume(g);
        }
    }

    private static void completed(Object future) {
        LibCalls.State g = LibCalls.pause();
        try {
            Object w;
            synchronized (TASK_OF) {
                w = TASK_OF.get(future);
            }
            if (w != null) {
                edge(w, false);
            }
        } finally {
            LibCalls.resume(g);
        }
    }

    private static void mayBlock() {
        LibCalls.State g = LibCalls.pause();
        try {
            racepipe.dynamic.sched.Scheduler s = RT.sched;
            if (s != null) {
                s.blocking();
            }
        } finally {
            LibCalls.resume(g);
        }
    }

    public static Object get(Future<Object> f) throws InterruptedException, ExecutionException {
        mayBlock();
        Object v = f.get();
        completed(f);
        return v;
    }

    public static Object get(Future<Object> f, long t, TimeUnit u)
            throws InterruptedException, ExecutionException, TimeoutException {
        mayBlock();
        Object v = f.get(t, u);
        completed(f);
        return v;
    }

    public static Object join(CompletableFuture<Object> f) {
        mayBlock();
        Object v = f.join();
        completed(f);
        return v;
    }
}
