package racepipe.dynamic.detect;

/**
 * One race detector over the event stream of a run. Every detector of a run sees the same
 * events in the same order (fed by {@link EventHub}), so their pair sets are comparable.
 * Thread ids are small ints; lock, monitor and volatile ids are ints given by the hub.
 * <p>A location's distinct accesses (its {@link Shape}) are the hub's; a detector keeps its own
 * state in ints of the location's {@link Shadow}: {@link #locationInts} per location and
 * {@link #entryInts} per entry, at the offsets the hub gives it in {@link #place}.
 */
public interface Detector {
    String name();

    /** The pairs this detector reported so far. */
    PairTable pairs();

    /** How many ints this detector keeps per location. */
    default int locationInts() {
        return 0;
    }

    /** How many ints this detector keeps per entry (distinct access) of a location. */
    default int entryInts() {
        return 0;
    }

    /**
     * Where this detector's ints are in every location's data: its per-location ints from
     * {@code location}, entry e's from {@code entry + e * stride}. Called once, before any event.
     */
    default void place(int location, int entry, int stride) {
    }

    default void threadStart(int parent, int child) {
    }

    default void threadJoin(int joiner, int joined) {
    }

    /** After {@code tid} acquired {@code lock} (exclusive: a mutex or a write lock). */
    default void acquire(int tid, int lock, boolean exclusive) {
    }

    /** Before {@code tid} releases {@code lock}. */
    default void release(int tid, int lock, boolean exclusive) {
    }

    /** {@code tid} notifies (or signals) waiters of {@code monitor}. */
    default void notifyWaiters(int tid, int monitor) {
    }

    /** {@code tid} returns from waiting on {@code monitor}. */
    default void waitReturn(int tid, int monitor) {
    }

    /** A volatile access: synchronisation, never a race. */
    default void volatileAccess(int tid, int variable, boolean write) {
    }

    /**
     * A plain access by {@code by} (its thread, the locks it holds in any mode and those it holds
     * exclusively, the subset that protects a write) to {@code location}: entry {@code e} of the
     * location's shape, which gives its site and kind. {@code fresh}: the first access with this
     * context, site and kind, just added as the shape's last entry (its ints are 0).
     */
    void access(Shadow location, int e, boolean fresh, Context by);
}
