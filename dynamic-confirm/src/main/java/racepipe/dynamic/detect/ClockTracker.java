package racepipe.dynamic.detect;

import java.util.Arrays;

/**
 * Per-thread vector clocks and the clocks that synchronisation carries between threads.
 * Hybrid uses it with start, join, wait/notify and hand-off edges only; HB adds lock and volatile edges.
 * Lock and monitor ids are small and dense (the recorder numbers them): their clocks are arrays;
 * volatile variables are named by their location's id, a sparse range: a map without boxing.
 */
final class ClockTracker {
    private final boolean lockEdges;
    private final boolean tickAll; // SyncP: every synchronisation event of a thread ends its epoch
    /** With tickAll: the next receiving event ends the epoch even if it brings nothing (SyncP's own clock grew). */
    boolean grew;
    private VectorClock[] threads = new VectorClock[8]; // an array: the agent watches ArrayList
    private VectorClock[] released = new VectorClock[8];      // any release of a lock
    private VectorClock[] writeReleased = new VectorClock[8]; // exclusive releases only
    private VectorClock[] notified = new VectorClock[8];
    private final LongMap<VectorClock> volatiles = new LongMap<>();
    private int[] epochs = new int[8]; // each thread's own entry of its clock (0: not seen yet)

    ClockTracker(boolean lockEdges) {
        this(lockEdges, false);
    }

    /**
     * tickAll: a thread's epoch ends at each of its synchronisation events, also at an acquire and
     * at those that only receive (join, wait return, volatile read) when they bring something new,
     * so that within an epoch its clock and its held locks are constant (SyncP's closure works on
     * such segments; a spinning volatile read that brings nothing ends none).
     */
    ClockTracker(boolean lockEdges, boolean tickAll) {
        this.lockEdges = lockEdges;
        this.tickAll = tickAll;
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
        threads[tid] = c;
        noteEpoch(tid, 1);
        return c;
    }

    /** The epoch of tid's next access: its own entry of its clock (only a tick moves it). */
    int epoch(int tid) {
        if (tid < epochs.length) {
            int e = epochs[tid];
            if (e != 0) {
                return e;
            }
        }
        return of(tid).get(tid);
    }

    private void noteEpoch(int tid, int e) {
        if (tid >= epochs.length) {
            epochs = Arrays.copyOf(epochs, Math.max(tid + 1, 2 * epochs.length));
        }
        epochs[tid] = e;
    }

    private void tick(VectorClock c, int tid) {
        c.tick(tid);
        noteEpoch(tid, c.get(tid));
    }

    /** Ends tid's present clock value with no edge (SHB: after each write). */
    void tickOwn(int tid) {
        tick(of(tid), tid);
    }

    /** n such ticks at once. */
    void tickOwn(int tid, int n) {
        VectorClock c = of(tid);
        c.set(tid, c.get(tid) + n);
        noteEpoch(tid, c.get(tid));
    }

    void start(int parent, int child) {
        VectorClock p = of(parent);
        of(child).join(p);
        tick(p, parent);
    }

    void join(int joiner, int joined) {
        received(joiner, of(joiner).join(of(joined)));
    }

    /** After tid received an edge: with tickAll its epoch ends there, if the edge brought something. */
    private void received(int tid, boolean changed) {
        if (tickAll && (changed || grew)) {
            tick(of(tid), tid);
        }
        grew = false;
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
        received(tid, true); // an acquire always ends the epoch: the held locks change
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
        received(tid, from != null && of(tid).join(from));
    }

    void volatileAccess(int tid, int variable, boolean write) {
        if (lockEdges) {
            message(tid, variable, write);
        }
    }

    /** A message through {@code variable} (a volatile, or a hand-off, which hybrid takes too): sent, or received. */
    void message(int tid, int variable, boolean send) {
        VectorClock c = of(tid);
        if (send) {
            VectorClock v = volatiles.get(variable);
            if (v == null) {
                volatiles.put(variable, v = new VectorClock());
            }
            v.join(c);
            tick(c, tid);
        } else {
            VectorClock from = volatiles.get(variable);
            received(tid, from != null && c.join(from));
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
