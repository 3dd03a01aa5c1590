package racepipe.dynamic.detect.reference;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Per-thread vector clocks and the clocks that synchronisation carries between threads.
 * Hybrid uses it with start, join and wait/notify edges only; HB adds lock and volatile edges.
 */
final class ClockTracker {
    private final boolean lockEdges;
    private VectorClock[] threads = new VectorClock[8]; // an array: the agent watches ArrayList
    private final Map<Integer, VectorClock> released = new HashMap<>();      // any release of a lock
    private final Map<Integer, VectorClock> writeReleased = new HashMap<>(); // exclusive releases only
    private final Map<Integer, VectorClock> notified = new HashMap<>();
    private final Map<Integer, VectorClock> volatiles = new HashMap<>();

    ClockTracker(boolean lockEdges) {
        this.lockEdges = lockEdges;
    }

    VectorClock of(int tid) {
        if (tid < threads.length) {
            VectorClock c = threads[tid];
            if (c != null) {
                return c;
            }
        } else {
            threads = Arrays.copyOf(threads, Math.max(tid + 1, threads.length * 2));
        }
        VectorClock c = new VectorClock();
        c.set(tid, 1);
        return threads[tid] = c;
    }

    void start(int parent, int child) {
        VectorClock p = of(parent);
        of(child).join(p);
        p.tick(parent);
    }

    void join(int joiner, int joined) {
        of(joiner).join(of(joined));
    }

    /** Read-mode acquires see exclusive releases; exclusive acquires see every release. */
    void acquire(int tid, int lock, boolean exclusive) {
        if (!lockEdges) {
            return;
        }
        VectorClock from = (exclusive ? released : writeReleased).get(lock);
        if (from != null) {
            of(tid).join(from);
        }
    }

    void release(int tid, int lock, boolean exclusive) {
        if (!lockEdges) {
            return;
        }
        VectorClock c = of(tid);
        released.computeIfAbsent(lock, k -> new VectorClock()).join(c);
        if (exclusive) {
            writeReleased.computeIfAbsent(lock, k -> new VectorClock()).join(c);
        }
        c.tick(tid);
    }

    void notifyWaiters(int tid, int monitor) {
        VectorClock c = of(tid);
        notified.computeIfAbsent(monitor, k -> new VectorClock()).join(c);
        c.tick(tid);
    }

    void waitReturn(int tid, int monitor) {
        VectorClock from = notified.get(monitor);
        if (from != null) {
            of(tid).join(from);
        }
    }

    void volatileAccess(int tid, int variable, boolean write) {
        if (!lockEdges) {
            return;
        }
        VectorClock c = of(tid);
        if (write) {
            volatiles.computeIfAbsent(variable, k -> new VectorClock()).join(c);
            c.tick(tid);
        } else {
            VectorClock from = volatiles.get(variable);
            if (from != null) {
                c.join(from);
            }
        }
    }
}
