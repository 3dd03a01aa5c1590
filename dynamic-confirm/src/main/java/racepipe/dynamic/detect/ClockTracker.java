package racepipe.dynamic.detect;

import java.util.Arrays;

/**
 * Per-thread vector clocks and the clocks that synchronisation carries between threads.
 * Hybrid uses it with start, join and wait/notify edges only; HB adds lock and volatile edges.
 * Lock and monitor ids are small and dense (the recorder numbers them): their clocks are arrays;
 * volatile variables are named by their location's id, a sparse range: a map without boxing.
 */
final class ClockTracker {
    private final boolean lockEdges;
    // volatile (a plain load on x86): batches read their own thread's entries while a sync event grows these
    private volatile VectorClock[] threads = new VectorClock[8]; // an array: the agent watches ArrayList
    private VectorClock[] released = new VectorClock[8];      // any release of a lock
    private VectorClock[] writeReleased = new VectorClock[8]; // exclusive releases only
    private VectorClock[] notified = new VectorClock[8];
    private final LongMap<VectorClock> volatiles = new LongMap<>();
    private volatile int[] epochs = new int[8]; // each thread's own entry of its clock (0: not seen yet)

    ClockTracker(boolean lockEdges) {
        this.lockEdges = lockEdges;
    }

    /** tid's clock; made (only by a synchronisation event or EventHub.begin, under the hub's monitor) when missing. */
    VectorClock of(int tid) {
        VectorClock[] all = threads;
        if (tid < all.length) {
            VectorClock c = all[tid];
            if (c != null) {
                return c;
            }
        } else { // grown and published whole; an entry is read by its own thread's batches, which begin under the monitor
            all = Arrays.copyOf(all, Math.max(tid + 1, all.length * 2));
            all[tid] = new VectorClock();
            threads = all;
        }
        VectorClock c = all[tid] == null ? new VectorClock() : all[tid];
        c.set(tid, 1);
        all[tid] = c;
        noteEpoch(tid, 1);
        return c;
    }

    /** The epoch of tid's next access: its own entry of its clock (only a tick moves it). */
    int epoch(int tid) {
        int[] all = epochs;
        if (tid < all.length) {
            int e = all[tid];
            if (e != 0) {
                return e;
            }
        }
        return of(tid).get(tid);
    }

    private void noteEpoch(int tid, int e) {
        int[] all = epochs;
        if (tid >= all.length) { // grown and published whole (see of)
            all = Arrays.copyOf(all, Math.max(tid + 1, 2 * all.length));
            all[tid] = e;
            epochs = all;
        }
        all[tid] = e;
    }

    private void tick(VectorClock c, int tid) {
        c.tick(tid);
        noteEpoch(tid, c.get(tid));
    }

    void start(int parent, int child) {
        VectorClock p = of(parent);
        of(child).join(p);
        tick(p, parent);
    }

    void join(int joiner, int joined) {
        of(joiner).join(of(joined));
    }

    /** Read-mode acquires see exclusive releases; exclusive acquires see every release. */
    void acquire(int tid, int lock, boolean exclusive) {
        if (!lockEdges) {
            return;
        }
        VectorClock from = get(exclusive ? released : writeReleased, lock);
        if (from != null) {
            of(tid).join(from);
        }
    }

    void release(int tid, int lock, boolean exclusive) {
        if (!lockEdges) {
            return;
        }
        VectorClock c = of(tid);
        released = joinInto(released, lock, c);
        if (exclusive) {
            writeReleased = joinInto(writeReleased, lock, c);
        }
        tick(c, tid);
    }

    void notifyWaiters(int tid, int monitor) {
        VectorClock c = of(tid);
        notified = joinInto(notified, monitor, c);
        tick(c, tid);
    }

    void waitReturn(int tid, int monitor) {
        VectorClock from = get(notified, monitor);
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
            VectorClock v = volatiles.get(variable);
            if (v == null) {
                volatiles.put(variable, v = new VectorClock());
            }
            v.join(c);
            tick(c, tid);
        } else {
            VectorClock from = volatiles.get(variable);
            if (from != null) {
                c.join(from);
            }
        }
    }

    private static VectorClock get(VectorClock[] clocks, int id) {
        return id < clocks.length ? clocks[id] : null;
    }

    /** clocks[id] joined with c (created when missing); returns the array, grown when needed. */
    private static VectorClock[] joinInto(VectorClock[] clocks, int id, VectorClock c) {
        if (id >= clocks.length) {
            clocks = Arrays.copyOf(clocks, Math.max(id + 1, 2 * clocks.length));
        }
        VectorClock v = clocks[id];
        if (v == null) {
            clocks[id] = v = new VectorClock();
        }
        v.join(c);
        return clocks;
    }
}
