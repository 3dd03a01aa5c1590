package racepipe.dynamic.detect;

import java.util.ArrayList;
import java.util.List;

/**
 * Feeds one event stream to every detector of a run and keeps what they share: each thread's
 * held locks (with reentrancy counts and modes) as its current {@link Context}, and each
 * location's distinct accesses as its {@link Shape}. On an access it finds the access's entry in
 * the location's shape (where the same site found it last time is tried first), adds it when it
 * is new, and hands the entry to every detector; a detector keeps its state in ints of the
 * location's data, at the offsets given here: a {@link Shadow}'s own array, or an array cell's
 * fixed slice of its {@link Cells} ({@link #CELL_ENTRIES} entries' worth; a cell with more
 * moves to a Shadow). Not thread-safe: the caller serialises events.
 */
public final class EventHub {
    private final Detector[] detectors;
    // the first four detectors again, one field each: each gets its own call site in repeat, which
    // then calls one class only (a shared site calls through an interface table every time)
    private final Detector d0, d1, d2, d3;
    private final int c0, c1, c2, c3; // their stamps' ints in an entry, NEVER, ALWAYS or MASK (NEVER when absent)
    private final int m0, m1, m2, m3; // with MASK: their masks' ints in a location
    private int s0, s1, s2, s3;       // their present stamps for the thread begun
    private final int a0, a1, a2, a3; // their summary's A in a location (W: A - 1), -1 when none (or no stamp column)
    private int p0, p1, p2, p3;       // their summary stamps for the thread begun
    private int tag;                  // the thread begun + 1: the top bits of its summary stamps
    private int t0, t1, t2, t3;       // per detector: tag, or -1 while its stamp is EVERY (no summary path)
    private int f0, f1, f2, f3;       // per detector: the lowest A its summary path takes (Detector#summaryFloor)
    // the fused pass over a run's cells (see fused): the detector with a mask, the one with a
    // stamp alone, the one with a stamp and a summary (Eraser, hybrid, happens-before); -1
    // unless the hub has one of each; any other that repeats concern takes passes of its own (rest)
    private final int maskSlot, stampSlot, summarySlot;
    private int fusedSummary;      // the summary detector's summary stamp for the thread begun
    private final int[] stampAt;  // per detector: its stamp's int in an entry, or Detector.NEVER / ALWAYS / MASK
    private final int[] maskAt;   // per detector: with MASK, its mask's int in a location
    private final int[] stamps;   // per detector: the present stamp of the thread begun
    private final int[] summaryAt; // per detector: its summary's A in a location, -1 when none (or no stamp column)
    private final int[] summaries; // per detector: its summary stamp for the thread begun
    private final int[] tags;      // per detector: tag, or -1 while its stamp is EVERY
    private final int[] floors;    // per detector: the lowest A its summary path takes for the thread begun
    private final boolean[] moves; // per detector: its stamps move at writes (Detector.stampsMoveAtWrites)
    private final Detector[] moving; // those detectors (mostly none: a loop over them costs less than a call)
    private final int[] rest;      // with the fused pass: the other detectors that repeats concern
    // four detectors, each with a stamp column and a summary (hb, shb, wcp, syncp): settleFour's loop
    private final boolean four;
    private Context current;      // the thread whose accesses come now (begin), null after a sync event
    private HeldLocks[] threads = new HeldLocks[8]; // an array: the agent watches ArrayList
    private final Shape root = Shape.empty();
    /** Entries an array cell has room for before it moves to a Shadow of its own. */
    static final int CELL_ENTRIES = 9;
    private final int locationInts; // the detectors' per-location ints, then per entry stride ints
    private final int stride;
    private final int cellInts;     // an array cell's ints in its Cells
    private int[] hints = new int[256]; // by site: the entry it was at the last time
    private int contexts;
    private int shadows;

    /** The locks one thread holds: counts per lock id, split by mode; the context they make. */
    private final class HeldLocks {
        final int tid;
        LockSet held = LockSet.EMPTY;
        LockSet exclusive = LockSet.EMPTY;
        int[] counts = new int[8];
        int[] exclusiveCounts = new int[8];
        Context context;
        private final LongMap<Context> known = new LongMap<>(); // by held id << 32 | exclusive id

        HeldLocks(int tid) {
            this.tid = tid;
            changed();
        }

        int bump(int[] which, int lock, int delta) {
            return which[lock] += delta;
        }

        void ensure(int lock) {
            if (lock >= counts.length) {
                int n = Math.max(lock + 1, counts.length * 2);
                counts = java.util.Arrays.copyOf(counts, n);
                exclusiveCounts = java.util.Arrays.copyOf(exclusiveCounts, n);
            }
        }

        /** The held sets changed: the context is the one for the new sets, made once per combination. */
        void changed() {
            long k = ((long) held.id() << 32) | exclusive.id();
            Context c = known.get(k);
            if (c == null) {
                known.put(k, c = new Context(contexts++, tid, held, exclusive));
            }
            context = c;
        }
    }

    public EventHub(Detector... detectors) {
        this.detectors = detectors;
        int location = 0, entry = 0;
        for (Detector d : detectors) {
            location += d.locationInts();
            entry += d.entryInts();
        }
        this.locationInts = location;
        this.stride = entry;
        this.cellInts = stride == 0 && location == 0 ? 0 : location + CELL_ENTRIES * stride;
        location = 0;
        entry = this.locationInts;
        this.d0 = detectors.length > 0 ? detectors[0] : null;
        this.d1 = detectors.length > 1 ? detectors[1] : null;
        this.d2 = detectors.length > 2 ? detectors[2] : null;
        this.d3 = detectors.length > 3 ? detectors[3] : null;
        this.stampAt = new int[detectors.length];
        this.maskAt = new int[detectors.length];
        this.stamps = new int[detectors.length];
        this.summaryAt = new int[detectors.length];
        this.summaries = new int[detectors.length];
        this.tags = new int[detectors.length];
        this.floors = new int[detectors.length];
        this.moves = new boolean[detectors.length];
        for (int i = 0; i < detectors.length; i++) {
            moves[i] = detectors[i].stampsMoveAtWrites();
            Detector d = detectors[i];
            d.place(location, entry, stride);
            int col = d.repeatColumn();
            stampAt[i] = col >= 0 ? entry + col : col;
            maskAt[i] = col == Detector.MASK ? d.repeatMask() : -1;
            summaryAt[i] = col >= 0 ? d.summaryColumn() : -1;
            location += d.locationInts();
            entry += d.entryInts();
        }
        this.c0 = detectors.length > 0 ? stampAt[0] : Detector.NEVER;
        this.c1 = detectors.length > 1 ? stampAt[1] : Detector.NEVER;
        this.c2 = detectors.length > 2 ? stampAt[2] : Detector.NEVER;
        this.c3 = detectors.length > 3 ? stampAt[3] : Detector.NEVER;
        this.m0 = detectors.length > 0 ? maskAt[0] : -1;
        this.m1 = detectors.length > 1 ? maskAt[1] : -1;
        this.m2 = detectors.length > 2 ? maskAt[2] : -1;
        this.m3 = detectors.length > 3 ? maskAt[3] : -1;
        this.a0 = detectors.length > 0 && stampAt[0] >= 0 ? detectors[0].summaryColumn() : -1;
        this.a1 = detectors.length > 1 && stampAt[1] >= 0 ? detectors[1].summaryColumn() : -1;
        this.a2 = detectors.length > 2 && stampAt[2] >= 0 ? detectors[2].summaryColumn() : -1;
        this.a3 = detectors.length > 3 && stampAt[3] >= 0 ? detectors[3].summaryColumn() : -1;
        int mask = -1, stamp = -1, summary = -1, others = 0;
        int[] other = new int[detectors.length];
        for (int i = 0; i < detectors.length; i++) {
            int col = stampAt[i];
            if (detectors[i].stampsMoveAtWrites()) {
                other[others++] = i; // its stamps move inside a run: the fused pass assumes they do not
            } else if (col == Detector.MASK && mask < 0) {
                mask = i;
            } else if (col >= 0 && detectors[i].summaryColumn() < 0 && stamp < 0) {
                stamp = i;
            } else if (col >= 0 && detectors[i].summaryColumn() >= 0 && summary < 0) {
                summary = i;
            } else if (col != Detector.NEVER) {
                other[others++] = i;
            }
        }
        boolean fuse = mask >= 0 && stamp >= 0 && summary >= 0;
        this.maskSlot = fuse ? mask : -1;
        this.stampSlot = fuse ? stamp : -1;
        this.summarySlot = fuse ? summary : -1;
        this.rest = fuse ? java.util.Arrays.copyOf(other, others) : new int[0];
        boolean f = detectors.length == 4;
        for (int i = 0; f && i < 4; i++) {
            f = stampAt[i] >= 0 && summaryAt[i] >= 0;
        }
        this.four = f;
        int m = 0;
        for (boolean b : moves) {
            m += b ? 1 : 0;
        }
        this.moving = new Detector[m];
        for (int i = 0, j = 0; i < detectors.length; i++) {
            if (moves[i]) {
                moving[j++] = detectors[i];
            }
        }
    }

    public Detector[] detectors() {
        return detectors;
    }

    public Shadow newShadow() {
        return new Shadow(root, shadows++);
    }

    /** The shadow of an array of this length. */
    public Cells newCells(int length) {
        return new Cells(length, cellInts);
    }

    /** The context of tid's accesses until its next synchronisation event. */
    public Context context(int tid) {
        return locks(tid).context;
    }

    private HeldLocks locks(int tid) {
        if (tid >= threads.length) {
            threads = java.util.Arrays.copyOf(threads, Math.max(tid + 1, threads.length * 2));
        }
        HeldLocks h = threads[tid];
        return h != null ? h : (threads[tid] = new HeldLocks(tid));
    }

    /**
     * The atomicity check beside the race detectors (null: none); it sees synchronisation and the
     * blocks' operations. It and iGoodlock get each event after the race detectors: a failure of
     * theirs (reported as the detectors' failure of the run) then costs their own results, not
     * the race detectors' edges.
     */
    private AtomicityDetector atomicity;

    public void atomicity(AtomicityDetector a) {
        this.atomicity = a;
    }

    public AtomicityDetector atomicity() {
        return atomicity;
    }

    /** An atomic block's operation (see AtomicityDetector.operation); nothing without the check. */
    public void atomicOperation(int tid, long invocation, int site, int kind, long address, int lock) {
        if (atomicity != null) {
            atomicity.operation(tid, invocation, site, kind, address, lock);
        }
    }

    /** iGoodlock's lock dependencies and cycles, beside the race detectors (fed by acquires with their sites). */
    private final Goodlock goodlock = new Goodlock();

    public Goodlock goodlock() {
        return goodlock;
    }

    public void threadStart(int parent, int child) {
        current = null; // the stamps may change: accesses begin again
        locks(child);
        for (Detector d : detectors) {
            d.threadStart(parent, child);
        }
        goodlock.start(parent, child);
        if (atomicity != null) {
            atomicity.threadStart(parent, child);
        }
    }

    public void threadJoin(int joiner, int joined) {
        current = null; // the stamps may change: accesses begin again
        for (Detector d : detectors) {
            d.threadJoin(joiner, joined);
        }
        goodlock.join(joiner, joined);
        if (atomicity != null) {
            atomicity.threadJoin(joiner, joined);
        }
    }

    /** After tid acquired lock; reentrant acquires change nothing. */
    public void acquire(int tid, int lock, boolean exclusive) {
        acquire(tid, lock, exclusive, -1);
    }

    /** Before tid blocks for an exclusive lock at site: iGoodlock's dependency (see Goodlock.request). */
    public void request(int tid, int lock, int site) {
        goodlock.request(tid, lock, site);
    }

    /** After tid acquired lock at site (-1: unknown); reentrant acquires change nothing. */
    public void acquire(int tid, int lock, boolean exclusive, int site) {
        acquire(tid, lock, exclusive, site, true);
    }

    /** After tid acquired lock at site; {@code blocking} false for a try-lock, which adds no lock-order dependency. */
    public void acquire(int tid, int lock, boolean exclusive, int site, boolean blocking) {
        current = null; // the stamps may change: accesses begin again
        HeldLocks h = locks(tid);
        h.ensure(lock);
        boolean first = h.bump(h.counts, lock, 1) == 1;
        boolean firstExclusive = exclusive && h.bump(h.exclusiveCounts, lock, 1) == 1;
        if (firstExclusive) {
            h.exclusive = h.exclusive.with(lock);
        }
        if (first || firstExclusive) { // a read hold taking the write mode too is an acquire
            h.held = h.held.with(lock);
            h.changed();
            for (Detector d : detectors) {
                d.acquire(tid, lock, exclusive);
            }
        }
        if (firstExclusive) {
            goodlock.acquire(tid, lock, site, blocking);
        }
        if (first && atomicity != null) {
            atomicity.acquire(tid, lock);
        }
    }

    /** Before tid releases lock; only the outermost release is a release. */
    public void release(int tid, int lock, boolean exclusive) {
        current = null; // the stamps may change: accesses begin again
        HeldLocks h = locks(tid);
        h.ensure(lock);
        if (h.counts[lock] == 0) {
            return; // a release we never saw acquired (e.g. IllegalMonitorState): ignore
        }
        boolean last = h.bump(h.counts, lock, -1) == 0;
        boolean lastExclusive = exclusive && h.exclusiveCounts[lock] > 0 && h.bump(h.exclusiveCounts, lock, -1) == 0;
        if (lastExclusive) {
            h.exclusive = h.exclusive.without(lock);
        }
        if (last) {
            h.held = h.held.without(lock);
        }
        if (last || lastExclusive) {
            h.changed();
            for (Detector d : detectors) {
                d.release(tid, lock, exclusive);
            }
        }
        if (lastExclusive) {
            goodlock.release(tid, lock);
        }
        if (last && atomicity != null) {
            atomicity.release(tid, lock);
        }
    }

    /** Releases every hold of a monitor (wait) and returns how many there were. */
    public int releaseAll(int tid, int lock) {
        HeldLocks h = locks(tid);
        h.ensure(lock);
        int n = h.counts[lock];
        for (int i = 0; i < n; i++) {
            release(tid, lock, true);
        }
        return n;
    }

    public void reacquire(int tid, int lock, int count) {
        for (int i = 0; i < count; i++) {
            acquire(tid, lock, true);
        }
    }

    public void notifyWaiters(int tid, int monitor) {
        current = null; // the stamps may change: accesses begin again
        for (Detector d : detectors) {
            d.notifyWaiters(tid, monitor);
        }
    }

    public void waitReturn(int tid, int monitor) {
        current = null; // the stamps may change: accesses begin again
        for (Detector d : detectors) {
            d.waitReturn(tid, monitor);
        }
    }

    public void volatileAccess(int tid, int variable, boolean write) {
        current = null; // the stamps may change: accesses begin again
        for (Detector d : detectors) {
            d.volatileAccess(tid, variable, write);
        }
    }

    /** A hand-off (Detector#handOff): tid sends or receives {@code object}. */
    public void handOff(int tid, int object, boolean send) {
        current = null; // the stamps may change: accesses begin again
        for (Detector d : detectors) {
            d.handOff(tid, object, send);
        }
    }

    /**
     * The accesses that follow (until the next synchronisation event) are tid's: its context and
     * the detectors' stamps, looked up once for all of them.
     */
    public void begin(int tid) {
        current = context(tid);
        for (int i = 0; i < detectors.length; i++) {
            stampOf(i, tid);
        }
        copyStamps();
        fusedSummary = summarySlot >= 0 ? summaries[summarySlot] : 0;
        tag = tid + 1;
    }

    /**
     * Detector i's present stamp and summary stamp for tid; its tag -1 (no summary path) while
     * its stamp is EVERY or its summary stamp does not pack (the path would write it as W).
     */
    private void stampOf(int i, int tid) {
        int st = stampAt[i] >= 0 ? detectors[i].stamp(tid) : 0;
        int sum = summaryAt[i] >= 0 ? detectors[i].summaryStamp(tid) : 0;
        stamps[i] = st;
        summaries[i] = sum;
        tags[i] = st == Detector.EVERY || summaryAt[i] >= 0 && sum <= 0 ? -1 : tid + 1;
        floors[i] = tags[i] < 0 ? Integer.MAX_VALUE : (tid + 1) << 24 | (summaryAt[i] >= 0 ? detectors[i].summaryFloor(tid) : 0);
    }

    private void copyStamps() {
        int n = stamps.length;
        s0 = n > 0 ? stamps[0] : 0;
        s1 = n > 1 ? stamps[1] : 0;
        s2 = n > 2 ? stamps[2] : 0;
        s3 = n > 3 ? stamps[3] : 0;
        p0 = n > 0 ? summaries[0] : 0;
        p1 = n > 1 ? summaries[1] : 0;
        p2 = n > 2 ? summaries[2] : 0;
        p3 = n > 3 ? summaries[3] : 0;
        t0 = n > 0 ? tags[0] : -1;
        t1 = n > 1 ? tags[1] : -1;
        t2 = n > 2 ? tags[2] : -1;
        t3 = n > 3 ? tags[3] : -1;
        f0 = n > 0 ? floors[0] : Integer.MAX_VALUE;
        f1 = n > 1 ? floors[1] : Integer.MAX_VALUE;
        f2 = n > 2 ? floors[2] : Integer.MAX_VALUE;
        f3 = n > 3 ? floors[3] : Integer.MAX_VALUE;
    }

    /** The stamps of the detectors whose stamps move at accesses (stampsMoveAtWrites), read again after one. */
    private void restamp(int tid) {
        for (int i = 0; i < detectors.length; i++) {
            if (moves[i]) {
                stampOf(i, tid);
            }
        }
        copyStamps();
    }

    /** A plain access by tid to a location with a Shadow (a field, a static). */
    public void access(int tid, Shadow location, int site, boolean write) {
        begin(tid);
        field(location, site, write);
    }

    /** A plain access by tid to cell {@code index} of an array (in bounds). */
    public void access(int tid, Cells cells, int index, int site, boolean write) {
        begin(tid);
        cell(cells, index, site, write);
    }

    /** A plain access, by the thread begun, to a location with a Shadow. */
    public void field(Shadow location, int site, boolean write) {
        Context by = current;
        long key = Shape.key(by, site, write);
        Shape s = location.shape;
        int[] h = hints;
        int e = site < h.length ? h[site] : 0;
        if (e >= s.size() || s.key(e) != key) { // the site's hint is another location's entry: look
            e = find(s, key, site);
        }
        if (e < 0) {
            s = s.with(key, by);
            location.shape = s;
            e = s.size() - 1;
            grow(location, e);
            hint(site, e);
            fresh(s, location.data, 0, e, by);
        } else {
            repeat(s, location.data, 0, e, by, write);
        }
    }

    /** A plain access, by the thread begun, to cell {@code index} of an array (in bounds). */
    public void cell(Cells cells, int index, int site, boolean write) {
        cells(cells, index, 1, 1, site, write);
    }

    /**
     * A run of plain accesses by the thread begun, from one site to cells {@code start},
     * {@code start + step}, ... ({@code count} of them; one the array lacks is skipped: that
     * access threw). A loop's accesses come as such a run (the recorder keeps them as one). The
     * run's cells are distinct locations, so the detectors may take them in any order: the
     * cells that share a shape, in a row, go to one detector after the other ({@link #pass}),
     * the site's entry looked up once; a cell's first access with this key goes to all of them
     * at once ({@link #freshCell}).
     */
    public void cells(Cells cells, int start, int step, int count, int site, boolean write) {
        Context by = current;
        long key = Shape.key(by, site, write);
        Shape[] shapes = cells.shapes;
        int length = shapes.length;
        int k = 0, index = start;
        while (k < count) {
            if (index < 0 || index >= length) {
                k++;
                index += step;
                continue;
            }
            Shadow[] spilled = cells.spilled;
            if (spilled != null && spilled[index] != null) {
                if (moving.length > 0) {
                    begin(by.tid); // a detector's stamps may have moved at this run's earlier cells
                }
                field(spilled[index], site, write);
                k++;
                index += step;
                continue;
            }
            Shape s = shapes[index];
            if (s == null) {
                s = root;
            }
            int[] h = hints;
            int e = site < h.length ? h[site] : 0;
            if (e >= s.size() || s.key(e) != key) {
                e = find(s, key, site);
            }
            if (e < 0) {
                freshCell(cells, index, s, key, site, by);
                k++;
                index += step;
                continue;
            }
            int[] d = cells.data;
            if (maskSlot >= 0 && e < Detector.MASK_BITS && spilled == null) { // the common case: one loop
                int left = step > 0 ? Math.min(count - k, (length - 1 - index) / step + 1) // the cells in bounds
                        : step < 0 ? Math.min(count - k, index / -step + 1) : 1;          // (a single access: step 0)
                int from = index;
                int settled = settle(shapes, s, d, e, index, step, left, write);
                k += settled;
                index += settled * step;
                if (settled < left && shapes[index] == s) { // a cell a detector must see
                    fusedCell(s, d, e, index, write, by);
                    k++;
                    index += step;
                    settled++;
                }
                if (rest.length > 0) {
                    others(s, d, e, from, step, settled, write, by);
                }
                continue;
            }
            if (four && spilled == null && t0 >= 0 && t1 >= 0 && t2 >= 0 && t3 >= 0) { // the predictors' common case
                int left = step > 0 ? Math.min(count - k, (length - 1 - index) / step + 1) // the cells in bounds
                        : step < 0 ? Math.min(count - k, index / -step + 1) : 1;          // (a single access: step 0)
                int settled = settleFour(shapes, s, d, e, index, step, left, write, by.tid);
                k += settled;
                index += settled * step;
                if (settled == left || shapes[index] != s) {
                    continue;
                }
                // a cell a detector must see: the rest of the shape's cells by the passes below
            }
            int first = index, n = 0; // the cells from here on with this shape
            do {
                n++;
                k++;
                index += step;
            } while (k < count && index >= 0 && index < length && shapes[index] == s
                    && (spilled == null || spilled[index] == null));
            if (maskSlot >= 0 && e < Detector.MASK_BITS) {
                fused(shapes, s, d, e, first, step, n, write, by);
                if (rest.length > 0) {
                    others(s, d, e, first, step, n, write, by);
                }
                continue;
            }
            pass(d0, c0, s0, a0, p0, m0, t0, s, d, e, first, step, n, write, by);
            pass(d1, c1, s1, a1, p1, m1, t1, s, d, e, first, step, n, write, by);
            pass(d2, c2, s2, a2, p2, m2, t2, s, d, e, first, step, n, write, by);
            pass(d3, c3, s3, a3, p3, m3, t3, s, d, e, first, step, n, write, by);
            for (int i = 4; i < detectors.length; i++) {
                pass(detectors[i], stampAt[i], stamps[i], summaryAt[i], summaries[i], maskAt[i], tags[i], s, d, e, first,
                        step, n, write, by);
            }
        }
    }

    /**
     * The four detectors' repeats (each with a stamp column and a summary: hb, shb, wcp, syncp)
     * in one loop over the next n cells of shape s from {@code index} by {@code step}, with no
     * call in it (a loop per detector reads each cell's lines four times, from farther than the
     * first level cache): a cell where each detector's stamp is the thread's present one or its
     * summary path applies is settled as {@link #pass} would; stops at the first of another shape,
     * or where a detector must be called, before touching it, and says how many it settled. A
     * detector whose stamps move at writes moves them by one per write settled
     * ({@link Detector#stampsMoveAtWrites}), told at the end in one call.
     */
    private int settleFour(Shape[] shapes, Shape s, int[] d, int e, int index, int step, int n, boolean write, int tid) {
        int inc = step * cellInts, base = index * cellInts, off = e * stride;
        int k0 = off + c0, k1 = off + c1, k2 = off + c2, k3 = off + c3;
        int x0 = s0, x1 = s1, x2 = s2, x3 = s3;  // stamps
        int q0 = p0, q1 = p1, q2 = p2, q3 = p3;  // summary stamps
        int y0 = a0, y1 = a1, y2 = a2, y3 = a3;  // the summaries' offsets
        boolean v0 = write && moves[0], v1 = write && moves[1], v2 = write && moves[2], v3 = write && moves[3];
        int limit = (1 << 24) - 2; // a moving stamp at it: the detector's own pass decides
        int i = 0, last;
        for (; i < n; i++, base += inc, index += step) {
            if (shapes[index] != s) {
                break;
            }
            boolean m0 = d[base + k0] != x0, m1 = d[base + k1] != x1, m2 = d[base + k2] != x2, m3 = d[base + k3] != x3;
            if (m0 && ((last = d[base + y0]) < f0 || last >>> 24 != t0 || v0 && x0 >= limit)
                    || m1 && ((last = d[base + y1]) < f1 || last >>> 24 != t1 || v1 && x1 >= limit)
                    || m2 && ((last = d[base + y2]) < f2 || last >>> 24 != t2 || v2 && x2 >= limit)
                    || m3 && ((last = d[base + y3]) < f3 || last >>> 24 != t3 || v3 && x3 >= limit)) {
                break;
            }
            if (m0) {
                d[base + y0] = q0;
                d[base + k0] = x0;
                if (write) {
                    d[base + y0 - 1] = q0;
                    if (v0) {
                        x0++;
                        q0++;
                    }
                }
            }
            if (m1) {
                d[base + y1] = q1;
                d[base + k1] = x1;
                if (write) {
                    d[base + y1 - 1] = q1;
                    if (v1) {
                        x1++;
                        q1++;
                    }
                }
            }
            if (m2) {
                d[base + y2] = q2;
                d[base + k2] = x2;
                if (write) {
                    d[base + y2 - 1] = q2;
                    if (v2) {
                        x2++;
                        q2++;
                    }
                }
            }
            if (m3) {
                d[base + y3] = q3;
                d[base + k3] = x3;
                if (write) {
                    d[base + y3 - 1] = q3;
                    if (v3) {
                        x3++;
                        q3++;
                    }
                }
            }
        }
        if (write && moving.length > 0) {
            moved(0, x0 - s0, tid);
            moved(1, x1 - s1, tid);
            moved(2, x2 - s2, tid);
            moved(3, x3 - s3, tid);
            restamp(tid);
        }
        return i;
    }

    /** Detector i settled n writes of tid by the summary path: told; its stamp must have moved by as many. */
    private void moved(int i, int n, int tid) {
        if (n == 0) {
            return;
        }
        int before = stamps[i];
        detectors[i].summaryWrites(tid, n);
        if (detectors[i].stamp(tid) != before + n) {
            throw new IllegalStateException(detectors[i].name() + ": a summary write must move its stamp by one");
        }
    }

    /** The passes of the detectors beside the fused three on n cells of one shape (entry e). */
    private void others(Shape s, int[] d, int e, int first, int step, int n, boolean write, Context by) {
        for (int i : rest) {
            pass(detectors[i], stampAt[i], stamps[i], summaryAt[i], summaries[i], maskAt[i], tags[i], s, d, e, first, step,
                    n, write, by);
        }
    }

    /**
     * The passes of the hub's three detectors that repeats concern (a mask, a stamp, a stamp and
     * a summary: Eraser, hybrid and happens-before in a run of the four) in one loop over n
     * cells of one shape (entry e): each cell as {@link #pass} would give it to each, in one
     * visit. A loop per detector costs a third more on SOR's pattern.
     */
    private void fused(Shape[] shapes, Shape s, int[] d, int e, int first, int step, int n, boolean write, Context by) {
        for (int i = 0, index = first; i < n; i++, index += step) {
            int settled = settle(shapes, s, d, e, index, step, n - i, write);
            i += settled;
            index += settled * step;
            if (i < n) {
                fusedCell(s, d, e, index, write, by);
            }
        }
    }

    /**
     * The fused pass's common case, with no call in its loop (a call would have C1 keep every
     * value of the loop in memory): of the next n cells from {@code index} by {@code step},
     * those of shape s that no detector needs to see (the summary moved, if need be); stops at
     * the first of another shape or that a detector must see, and says how many it settled.
     */
    private int settle(Shape[] shapes, Shape s, int[] d, int e, int index, int step, int n, boolean write) {
        int inc = step * cellInts, base = index * cellInts;
        int bit = 1 << e, m = maskAt[maskSlot];
        int colS = e * stride + stampAt[stampSlot], stampS = stamps[stampSlot];
        int colY = e * stride + stampAt[summarySlot], stampY = stamps[summarySlot];
        int a = detectors[summarySlot].summaryColumn(), t = tags[summarySlot], f = floors[summarySlot], sum = fusedSummary;
        for (int i = 0; i < n; i++, base += inc, index += step) {
            if (shapes[index] != s || (d[base + m] & bit) == 0 || d[base + colS] != stampS) {
                return i;
            }
            if (d[base + colY] != stampY) {
                int last = d[base + a];
                if (last < f || last >>> 24 != t) {
                    return i;
                }
                if (write) {
                    d[base + a - 1] = sum;
                }
                d[base + a] = sum;
                d[base + colY] = stampY;
            }
        }
        return n;
    }

    /** One cell of the fused pass that a detector must see: each of the three, as its pass would. */
    private void fusedCell(Shape s, int[] d, int e, int index, boolean write, Context by) {
        int m = maskSlot, t = stampSlot, y = summarySlot;
        pass(detectors[m], stampAt[m], 0, -1, 0, maskAt[m], -1, s, d, e, index, 1, 1, write, by);
        pass(detectors[t], stampAt[t], stamps[t], -1, 0, -1, -1, s, d, e, index, 1, 1, write, by);
        pass(detectors[y], stampAt[y], stamps[y], detectors[y].summaryColumn(), fusedSummary, -1, tags[y], s, d, e, index,
                1, 1, write, by);
    }

    /**
     * One detector's repeats on n cells of one shape (entry e), from cell {@code first} by
     * {@code step}: the detector called only where its stamp in the entry is not the thread's
     * present one (or its mask in the cell lacks the entry, or it asks for every access), and
     * not even then when its summary says the cell's last access was this thread's. A loop of
     * its own per detector keeps what it reads in registers.
     */
    private void pass(Detector x, int c, int stamp, int a, int summary, int m, int t, Shape s, int[] d, int e,
            int first, int step, int n, boolean write, Context by) {
        int f = t < 0 ? Integer.MAX_VALUE : t << 24 | (a >= 0 ? x.summaryFloor(t - 1) : 0);
        if (c == Detector.NEVER) {
            return;
        }
        int ci = cellInts, inc = step * ci, base = first * ci;
        if (c >= 0 && moving(x)) {
            passMoving(x, c, a, t, s, d, e, base, inc, n, write, by);
            return;
        }
        if (c >= 0) {
            int col = e * stride + c;
            for (int i = 0; i < n; i++, base += inc) {
                if (d[base + col] != stamp) {
                    int last;
                    if (a >= 0 && (last = d[base + a]) >= f && last >>> 24 == t) { // the summary path
                        if (write) {
                            d[base + a - 1] = summary;
                        }
                        d[base + a] = summary;
                        d[base + col] = stamp;
                    } else {
                        x.access(s, d, base, e, false, by);
                    }
                }
            }
        } else if (c == Detector.ALWAYS || e >= Detector.MASK_BITS) {
            for (int i = 0; i < n; i++, base += inc) {
                x.access(s, d, base, e, false, by);
            }
        } else {
            int bit = 1 << e;
            for (int i = 0; i < n; i++, base += inc) {
                if ((d[base + m] & bit) == 0) {
                    x.access(s, d, base, e, false, by);
                }
            }
        }
    }

    private boolean moving(Detector x) {
        for (Detector m : moving) {
            if (m == x) {
                return true;
            }
        }
        return false;
    }

    /**
     * {@link #pass} for a detector whose stamps move at writes (and reads) of the thread: read
     * again before each cell, and a write settled by the summary path told to the detector.
     */
    private void passMoving(Detector x, int c, int a, int t, Shape s, int[] d, int e, int base, int inc, int n,
            boolean write, Context by) {
        int col = e * stride + c, tid = by.tid;
        int stamp = x.stamp(tid), summary = a >= 0 ? x.summaryStamp(tid) : 0;
        int f = t < 0 ? Integer.MAX_VALUE : t << 24 | (a >= 0 ? x.summaryFloor(tid) : 0);
        for (int i = 0; i < n; i++, base += inc) {
            if (d[base + col] != stamp) {
                int last;
                if (a >= 0 && summary > 0 && (last = d[base + a]) >= f && last >>> 24 == t) {
                    d[base + a] = summary;
                    d[base + col] = stamp;
                    if (!write) {
                        continue;
                    }
                    d[base + a - 1] = summary;
                    x.summaryWrite(tid);
                } else {
                    x.access(s, d, base, e, false, by);
                }
                stamp = x.stamp(tid); // moved, maybe
                summary = a >= 0 ? x.summaryStamp(tid) : 0;
                f = t < 0 ? Integer.MAX_VALUE : t << 24 | (a >= 0 ? x.summaryFloor(tid) : 0);
            }
        }
        restamp(tid);
    }

    /** A cell's first access with this key: a new entry, in the cell's ints or, past them, in a Shadow of its own. */
    private void freshCell(Cells cells, int index, Shape s, long key, int site, Context by) {
        int[] d = cells.data;
        int base = index * cellInts;
        s = s.with(key, by);
        int e = s.size() - 1;
        hint(site, e);
        if (e >= CELL_ENTRIES) { // the cell moves to a Shadow of its own
            Shadow moved = new Shadow(s, shadows++);
            moved.data = d == null ? null : java.util.Arrays.copyOfRange(d, base, base + cellInts); // null: lockset alone keeps no ints
            grow(moved, e);
            if (cells.spilled == null) {
                cells.spilled = new Shadow[cells.shapes.length];
            }
            cells.spilled[index] = moved;
            d = moved.data;
            base = 0;
        } else {
            cells.shapes[index] = s;
        }
        fresh(s, d, base, e, by);
    }

    private void fresh(Shape s, int[] d, int base, int e, Context by) {
        for (Detector x : detectors) {
            x.access(s, d, base, e, true, by);
        }
        if (moving.length > 0) {
            restamp(by.tid);
        }
    }

    /**
     * A repeat: only the detectors whose stamp in the entry is not the thread's present one (or
     * whose mask in the location lacks the entry, or which ask for every access), by
     * their summary when the last access was this thread's (as {@link #cell} does), else called.
     * Written out for the first four (the four of a run): a loop over arrays costs more than
     * the comparisons it makes.
     */
    private void repeat(Shape s, int[] d, int base, int e, Context by, boolean write) {
        int off = base + e * stride;
        int c = c0, a, last;
        boolean moved = false; // a detector whose stamps move at accesses was called, or settled a write
        if (c >= 0 ? d[off + c] != s0 : c != Detector.NEVER && (c == Detector.ALWAYS || lacks(d, base + m0, e))) {
            if ((a = a0) >= 0 && (last = d[base + a]) >= f0 && last >>> 24 == t0) {
                if (write) {
                    d[base + a - 1] = p0;
                    if (moves[0]) {
                        d0.summaryWrite(by.tid);
                        moved = true;
                    }
                }
                d[base + a] = p0;
                d[off + c] = s0;
            } else {
                d0.access(s, d, base, e, false, by);
                moved |= moves[0];
            }
        }
        c = c1;
        if (c >= 0 ? d[off + c] != s1 : c != Detector.NEVER && (c == Detector.ALWAYS || lacks(d, base + m1, e))) {
            if ((a = a1) >= 0 && (last = d[base + a]) >= f1 && last >>> 24 == t1) {
                if (write) {
                    d[base + a - 1] = p1;
                    if (moves[1]) {
                        d1.summaryWrite(by.tid);
                        moved = true;
                    }
                }
                d[base + a] = p1;
                d[off + c] = s1;
            } else {
                d1.access(s, d, base, e, false, by);
                moved |= moves[1];
            }
        }
        c = c2;
        if (c >= 0 ? d[off + c] != s2 : c != Detector.NEVER && (c == Detector.ALWAYS || lacks(d, base + m2, e))) {
            if ((a = a2) >= 0 && (last = d[base + a]) >= f2 && last >>> 24 == t2) {
                if (write) {
                    d[base + a - 1] = p2;
                    if (moves[2]) {
                        d2.summaryWrite(by.tid);
                        moved = true;
                    }
                }
                d[base + a] = p2;
                d[off + c] = s2;
            } else {
                d2.access(s, d, base, e, false, by);
                moved |= moves[2];
            }
        }
        c = c3;
        if (c >= 0 ? d[off + c] != s3 : c != Detector.NEVER && (c == Detector.ALWAYS || lacks(d, base + m3, e))) {
            if ((a = a3) >= 0 && (last = d[base + a]) >= f3 && last >>> 24 == t3) {
                if (write) {
                    d[base + a - 1] = p3;
                    if (moves[3]) {
                        d3.summaryWrite(by.tid);
                        moved = true;
                    }
                }
                d[base + a] = p3;
                d[off + c] = s3;
            } else {
                d3.access(s, d, base, e, false, by);
                moved |= moves[3];
            }
        }
        if (detectors.length > 4) {
            moved |= repeatMore(s, d, base, e, by, write);
        }
        if (moved) {
            restamp(by.tid);
        }
    }

    /**
     * The mask int at {@code at} lacks entry e's bit (an entry past its bits always lacks it).
     * The hub's tests of a column c: c >= 0 a stamp; else NEVER, ALWAYS or MASK, NEVER tested
     * first (lockset's, on every access).
     */
    private static boolean lacks(int[] d, int at, int e) {
        return e >= Detector.MASK_BITS || (d[at] & 1 << e) == 0;
    }

    /** The detectors past the first four (none in a run of the four), each as repeat takes the first four; whether one that moves was touched. */
    private boolean repeatMore(Shape s, int[] d, int base, int e, Context by, boolean write) {
        int off = base + e * stride;
        boolean moved = false;
        for (int i = 4; i < detectors.length; i++) {
            int col = stampAt[i], a, last;
            if (col >= 0 ? d[off + col] != stamps[i]
                    : col != Detector.NEVER && (col == Detector.ALWAYS || lacks(d, base + maskAt[i], e))) {
                if ((a = summaryAt[i]) >= 0 && (last = d[base + a]) >= floors[i] && last >>> 24 == tags[i]) {
                    if (write) {
                        d[base + a - 1] = summaries[i];
                        if (moves[i]) {
                            detectors[i].summaryWrite(by.tid);
                            moved = true;
                        }
                    }
                    d[base + a] = summaries[i];
                    d[off + col] = stamps[i];
                } else {
                    detectors[i].access(s, d, base, e, false, by);
                    moved |= moves[i];
                }
            }
        }
        return moved;
    }

    /** The entry with this key when the site's hint (tried by the caller) missed, or -1; a hit becomes the hint. */
    private int find(Shape s, long key, int site) {
        int e = s.find(key);
        if (e >= 0) {
            hint(site, e);
        }
        return e;
    }

    private void hint(int site, int e) {
        if (site >= hints.length) {
            hints = java.util.Arrays.copyOf(hints, Math.max(site + 1, 2 * hints.length));
        }
        hints[site] = e;
    }

    /** Room for entry e's ints: for four entries at first, then half as much again. */
    private void grow(Shadow location, int e) {
        int need = locationInts + (e + 1) * stride;
        int[] d = location.data;
        if (need == 0) {
            return; // lockset alone keeps nothing but the shape
        }
        if (d == null) {
            location.data = new int[Math.max(need, locationInts + 4 * stride)];
        } else if (d.length < need) {
            location.data = java.util.Arrays.copyOf(d, locationInts + (e + 1) * 3 / 2 * stride);
        }
    }

    /** The detectors of a run, by name: ls, eraser, hybrid, hb, and the predictors shb, wcp, syncp. */
    public static EventHub of(List<String> names) {
        return of(names, null);
    }

    /** The named detectors and one more after them (the trace writer), when not null. */
    public static EventHub of(List<String> names, Detector extra) {
        List<Detector> ds = new ArrayList<>();
        for (String n : names) {
            switch (n.trim()) {
                case "ls" -> ds.add(new LocksetDetector());
                case "eraser" -> ds.add(new EraserDetector());
                case "hybrid" -> ds.add(new HybridDetector());
                case "hb" -> ds.add(new HappensBeforeDetector());
                case "shb" -> ds.add(new ShbDetector());
                case "wcp" -> ds.add(new WcpDetector());
                case "syncp" -> ds.add(new SyncpDetector());
                case "" -> { }
                default -> throw new IllegalArgumentException("unknown detector: " + n);
            }
        }
        if (extra != null) {
            ds.add(extra);
        }
        return new EventHub(ds.toArray(new Detector[0]));
    }
}
