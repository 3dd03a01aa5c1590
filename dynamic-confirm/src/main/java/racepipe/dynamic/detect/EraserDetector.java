package racepipe.dynamic.detect;

import java.util.Arrays;

/**
 * Eraser (Savage et al., "Eraser: A Dynamic Data Race Detector for Multithreaded Programs",
 * TOCS 1997): per location the Virgin / Exclusive / Shared / Shared-Modified state
 * machine and a candidate lockset C(v), refined by the locks held in any mode on reads and by
 * the exclusively held ones on writes (the reader-writer rule). It warns in Shared-Modified with
 * C(v) empty, and reports the statement pairs behind the warning: the accesses since the
 * location became shared whose protecting sets are disjoint.
 * <p>Per location two ints and no int per entry, so that an array cell's shadow stays small:
 * the state (the mode in 2 bits, then the owner while Exclusive, C(v)'s set id + 1 once shared),
 * and the history: bit e set when entry e happened since the location became shared (entries
 * from 32 on, which only a location's own shape has, keep the bit in the shape). A repeat of an
 * access in the history costs the hub one bit test: it changes neither the state (its kind was
 * seen, its locks are already in C(v)) nor the pairs. Those it makes with accesses that came later
 * were reported when they came (the test is symmetric); and two accesses that were both in the
 * history before the warning make no pair: with C(v) not empty both hold one of its locks, and
 * in Shared both are reads.
 */
public final class EraserDetector implements Detector {
    private static final int EXCLUSIVE = 1, SHARED = 2, SHARED_MODIFIED = 3;
    static {
        if (Shape.SHARED_LIMIT > MASK_BITS) { // an entry past the int's bits must be in an own shape
            throw new ExceptionInInitializerError("Shape.SHARED_LIMIT > " + MASK_BITS);
        }
    }

    private final PairTable pairs = new PairTable();
    private LockSet[] sets = new LockSet[16]; // the candidate sets stored in locations, by id
    private int at;                           // the state at, the history at + 1

    @Override
    public String name() {
        return "eraser";
    }

    @Override
    public PairTable pairs() {
        return pairs;
    }

    @Override
    public int locationInts() {
        return 2;
    }

    @Override
    public void place(int location, int entry, int stride) {
        this.at = location;
    }

    @Override
    public int repeatColumn() {
        return MASK;
    }

    @Override
    public int repeatMask() {
        return at + 1; // the history
    }

    @Override
    public void access(Shape s, int[] d, int base, int e, boolean fresh, Context by) {
        if (!inHistory(s, d, base, e)) { // a repeat of an access in the history: nothing to do
            check(s, d, base, e, by);
        }
    }

    private boolean inHistory(Shape s, int[] d, int base, int e) {
        return e < MASK_BITS ? (d[base + at + 1] & 1 << e) != 0 : s.marked(e - MASK_BITS);
    }

    private void enter(Shape s, int[] d, int base, int e) {
        if (e < MASK_BITS) {
            d[base + at + 1] |= 1 << e;
        } else {
            s.mark(e - MASK_BITS);
        }
    }

    private void check(Shape s, int[] d, int base, int e, Context by) {
        int state = d[base + at];
        int mode = state & 3;
        int tid = by.tid;
        if (mode == 0) { // Virgin: the first access makes tid the owner
            d[base + at] = EXCLUSIVE | tid << 2;
            return;
        }
        if (mode == EXCLUSIVE && tid == state >>> 2) {
            return;
        }
        boolean write = s.write(e);
        int c = mode == EXCLUSIVE ? 0 : state >>> 2; // C(v): set id + 1, none while Exclusive
        if (mode == EXCLUSIVE) {
            mode = write ? SHARED_MODIFIED : SHARED;
        } else if (mode == SHARED && write) {
            mode = SHARED_MODIFIED;
        }
        LockSet protecting = write ? by.exclusive : by.held;
        LockSet candidates = c == 0 ? protecting : sets[c - 1].intersect(protecting);
        d[base + at] = mode | remember(candidates) << 2;
        if (mode == SHARED_MODIFIED && candidates.isEmpty()) { // the warning
            int site = s.site(e);
            for (int i = 0, n = s.size(); i < n; i++) {
                Context other = s.who(i);
                if (other.tid != tid && inHistory(s, d, base, i) && (write || s.write(i))
                        && !(s.write(i) ? other.exclusive : other.held).intersects(protecting)) {
                    pairs.record(s.site(i), other.tid, site, tid);
                }
            }
        }
        enter(s, d, base, e);
    }

    /** The set's id + 1, to keep in a state's 30 bits. */
    private int remember(LockSet set) {
        int id = set.id();
        if (id >= (1 << 30) - 1) {
            throw new IllegalStateException("eraser: more than 2^30 lock sets");
        }
        if (id >= sets.length) {
            sets = Arrays.copyOf(sets, Math.max(id + 1, 2 * sets.length));
        }
        sets[id] = set;
        return id + 1;
    }
}
