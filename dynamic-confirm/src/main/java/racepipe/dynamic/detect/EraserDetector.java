package racepipe.dynamic.detect;

import java.util.Arrays;

/**
 * Eraser (Savage et al., "Eraser: A Dynamic Data Race Detector for Multithreaded Programs",
 * TOCS 1997): per location the Virgin / Exclusive / Shared / Shared-Modified state
 * machine and a candidate lockset C(v), refined by the locks held in any mode on reads and by
 * the exclusively held ones on writes (the reader-writer rule). It warns in Shared-Modified with
 * C(v) empty, and reports the statement pairs behind the warning: the accesses since the
 * location became shared whose protecting sets are disjoint.
 * <p>Per location two ints (state and owner; C(v)), per entry one: whether the access happened
 * since the location became shared (it is in the history). A repeat of an access in the
 * history costs one read: it changes neither the state (its kind was seen, its locks are
 * already in C(v)) nor the pairs. Those it makes with accesses that came later were reported
 * when they came (the test is symmetric); and two accesses that were both in the history before
 * the warning make no pair: with C(v) not empty both hold one of its locks, and in Shared both
 * are reads.
 */
public final class EraserDetector implements Detector {
    private static final int EXCLUSIVE = 1, SHARED = 2, SHARED_MODIFIED = 3;

    private final PairTable pairs = new PairTable();
    private LockSet[] sets = new LockSet[16]; // the candidate sets stored in locations, by id
    private int at, entries, stride;          // state at, C(v) at + 1 (set id + 1, 0: all locks)

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
    public int entryInts() {
        return 1;
    }

    @Override
    public void place(int location, int entry, int stride) {
        this.at = location;
        this.entries = entry;
        this.stride = stride;
    }

    @Override
    public int repeatColumn() {
        return 0; // 1: in the history
    }

    @Override
    public int stamp(int tid) {
        return 1;
    }

    @Override
    public void access(Shape s, int[] d, int base, int e, boolean fresh, Context by) {
        if (d[base + entries + e * stride] == 0) { // a repeat of an access in the history: nothing to do
            check(s, d, base, e, by);
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
        if (mode == EXCLUSIVE) {
            mode = write ? SHARED_MODIFIED : SHARED;
        } else if (mode == SHARED && write) {
            mode = SHARED_MODIFIED;
        }
        d[base + at] = mode | (state & ~3);
        LockSet protecting = write ? by.exclusive : by.held;
        int c = d[base + at + 1];
        LockSet candidates = c == 0 ? protecting : sets[c - 1].intersect(protecting);
        d[base + at + 1] = remember(candidates);
        if (mode == SHARED_MODIFIED && candidates.isEmpty()) { // the warning
            int site = s.site(e);
            for (int i = 0, n = s.size(); i < n; i++) {
                Context other = s.who(i);
                if (other.tid != tid && d[base + entries + i * stride] != 0 && (write || s.write(i))
                        && !(s.write(i) ? other.exclusive : other.held).intersects(protecting)) {
                    pairs.record(s.site(i), other.tid, site, tid);
                }
            }
        }
        d[base + entries + e * stride] = 1;
    }

    private int remember(LockSet set) {
        int id = set.id();
        if (id >= sets.length) {
            sets = Arrays.copyOf(sets, Math.max(id + 1, 2 * sets.length));
        }
        sets[id] = set;
        return id + 1;
    }
}
