package racepipe.dynamic.detect.reference;

/**
 * One race detector over the event stream of a run. Every detector of a run sees the same
 * events in the same order (fed by {@link EventHub}), so their pair sets are comparable.
 * Thread ids are small ints; lock, monitor and volatile ids are ints given by the hub.
 */
public interface Detector {
    String name();

    /** The pairs this detector reported so far. */
    PairTable pairs();

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
     * A plain access. {@code held}: the locks held in any mode; {@code exclusive}: those held
     * exclusively (monitors, write locks), the subset that protects a write.
     */
    void access(int tid, Shadow location, int slot, int site, boolean write, LockSet held, LockSet exclusive);
}
