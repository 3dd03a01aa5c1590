package racepipe.dynamic.detect;

/**
 * One race detector over the event stream of a run. Every detector of a run sees the same
 * events in the same order (fed by {@link EventHub}), so their pair sets are comparable.
 * Thread ids are small ints; lock, monitor and volatile ids are ints given by the hub.
 * <p>A location's distinct accesses (its {@link Shape}) are the hub's; a detector keeps its own
 * state in ints of the location's data ({@link Shadow}, or a cell's slice of {@link Cells}):
 * {@link #locationInts} per location and {@link #entryInts} per entry, at the offsets the hub
 * gives it in {@link #place}, from the location's base.
 */
public interface Detector {
    /** {@link #repeatColumn}: every access concerns the detector. */
    int ALWAYS = -1;
    /** {@link #repeatColumn}: a repeat (an entry the location has seen) never does. */
    int NEVER = -2;
    /** {@link #repeatColumn}: a repeat of entry e does unless bit e of the {@link #repeatMask} int is set. */
    int MASK = -3;
    /** The entries that have a bit in a {@link #repeatMask} int: 0 to 31. */
    int MASK_BITS = 32;
    /**
     * A {@link #stamp}: call the detector on every access of the thread until its next
     * synchronisation event, skipping no repeat and taking no summary path (WCP inside a critical
     * section, whose accesses are the section's history). No entry int ever holds it.
     */
    int EVERY = Integer.MIN_VALUE;

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
     * Where this detector's ints are in every location's data, from the location's base: its
     * per-location ints at {@code location}, entry e's at {@code entry + e * stride}. Called
     * once, before any event.
     */
    default void place(int location, int entry, int stride) {
    }

    /**
     * How the hub skips a repeat that is nothing new for this detector (FastTrack's same-epoch
     * test, generalised): when the entry's int at this column (0 to entryInts - 1) equals the
     * thread's present {@link #stamp}, the detector is not called. {@link #NEVER},
     * {@link #ALWAYS} or {@link #MASK} otherwise.
     */
    default int repeatColumn() {
        return ALWAYS;
    }

    /**
     * With {@link #MASK}: the offset, from the location's base, of the int whose bit e set means a
     * repeat of entry e is nothing new for this detector (a flag in a location int instead of an
     * int per entry: a smaller shadow). An entry from {@link #MASK_BITS} on has no bit: the
     * detector is called.
     */
    default int repeatMask() {
        return -1;
    }

    /**
     * The stamp of tid's accesses now (see {@link #repeatColumn}), or {@link #EVERY}; it may
     * change only at a synchronisation event of tid.
     */
    default int stamp(int tid) {
        return 0;
    }

    /**
     * A location summary the hub may move itself on a repeat, without calling the detector
     * (ClockedDetector's A and W, see there): the offset of A from the location's base (W is
     * the int before it), or -1. When A holds an epoch of the accessing thread (A > 0 and A's top
     * 7 bits are the thread + 1), the repeat only sets A (and W on a write) to
     * {@link #summaryStamp} and the entry's stamp column to {@link #stamp}.
     */
    default int summaryColumn() {
        return -1;
    }

    /** The value A takes on that path for tid (its packed epoch); it changes only with {@link #stamp}. */
    default int summaryStamp(int tid) {
        return 0;
    }

    /**
     * The lowest epoch (A's low 24 bits) of tid's for which the summary path still applies: an A
     * that tid left before it is the detector's to see again (SyncP: an A from an earlier era
     * while another thread holds a lock, whose entries' units the detector must keep). It may
     * change at any event of another thread; the hub reads it again at each {@code begin}.
     */
    default int summaryFloor(int tid) {
        return 0;
    }

    /**
     * Whether this detector's {@link #stamp} and {@link #summaryStamp} may also change at a write
     * of the thread (SyncP ends a unit at each write): the hub then reads them again after each
     * write of a run of cells, calls {@link #summaryWrite} when its summary path settles a write,
     * and keeps the detector out of its fused pass.
     */
    default boolean stampsMoveAtWrites() {
        return false;
    }

    /**
     * A write of tid that the hub settled by the summary path, the detector not called (see
     * {@link #stampsMoveAtWrites}). While the stamp is below 2^24 - 2, it moves the stamp and the
     * summary stamp up by exactly one (the hub's four-detector loop counts on it, and checks).
     */
    default void summaryWrite(int tid) {
    }

    /** {@link #summaryWrite} n times, in one call. */
    default void summaryWrites(int tid, int n) {
        for (int i = 0; i < n; i++) {
            summaryWrite(tid);
        }
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
     * A hand-off through {@code object} (an id the hub gives it): {@code send}, tid gives it away
     * (a task submitted or ended, an object put into a concurrent collection); else tid received
     * it (a task began or its future returned, the object came out of the collection). A
     * message, like notify/wait, not a lock: what the sender did before happens before what the
     * receiver does after, in every run that hands it over. By default the edge of a volatile
     * write then read.
     */
    default void handOff(int tid, int object, boolean send) {
        volatileAccess(tid, object, send);
    }

    /**
     * A plain access by {@code by} (its thread, the locks it holds in any mode and those it holds
     * exclusively, the subset that protects a write) to a location whose distinct accesses are
     * {@code shape} and whose ints start at {@code data[base]}: the access is entry {@code e} of
     * the shape, which gives its site and kind. {@code fresh}: the first access with this
     * context, site and kind, just added as the shape's last entry (its ints are 0).
     */
    void access(Shape shape, int[] data, int base, int e, boolean fresh, Context by);
}
