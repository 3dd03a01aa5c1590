package racepipe.dynamic.detect;

import java.util.Arrays;

/**
 * Sync-preserving races (SyncP): Mathur, Pavlogiannis and Viswanathan, "Optimal prediction of
 * synchronization-preserving races", POPL 2021. Two conflicting accesses e1 (earlier) and e2 of
 * two threads race when some correct reordering of the trace (each read keeps its write) that
 * keeps the order of the critical sections it contains on each lock ends with both enabled. The
 * paper shows this holds exactly when e1 is not in the sync-preserving closure of the thread
 * predecessors of e1 and e2: the smallest set holding them that is closed under thread order,
 * reads-from (a read brings its write), fork and join, and "of two acquires of a lock in the
 * set, the earlier one's release is in it". (e2 is never in it: the closure of events before e2
 * stays before e2, since the earlier of two acquires releases before the later one acquires.)
 * <p><b>SyncP and HB.</b> HB ⊆ SyncP holds for the first HB race only, not for every HB pair: the
 * closure is not within HB's order, because reads-from is not an HB edge. SHB's own example (T1:
 * x = 1; y = 1. T2: reads y = 1, then reads x) is an HB race on x and no race at all: a read of
 * y that sees 1 needs T1's write of y and so T1's write of x before it. What holds on every pair
 * is SHB ⊆ SyncP: the closure is within SHB's order (HB plus reads-from; the lock rule adds a
 * release that HB already orders before the later acquire), so an access SHB leaves unordered
 * with e2 is never in it. On the first HB race every write read before e2 is HB-ordered before
 * its read (else that pair were an earlier race), so there SHB = HB and the first HB race is a
 * SyncP race. This detector reports no pair for being HB's.
 * <p><b>What is computed.</b> A thread's history is cut into units, each ended by one of its
 * synchronisation events (which belongs to the unit it ends; a join, wait return or volatile
 * read that brings nothing new to its hard clock ends none), by each write (a reader of it needs
 * the writer up to the write, not the accesses after it) and by each read of another thread's
 * write that the thread did not need yet (what follows needs that write, what precedes it does
 * not). Every event of a unit but its last is a read that brings nothing new, so the events of a
 * unit have the same predecessors' closure and each is in a closure exactly when its unit's last
 * event is: the closure over whole units is the paper's, event by event. The question is asked
 * at an access's first occurrence in its thread's unit and again after another thread's write
 * to the location (the write may be what the next read reads, so the other threads' entries are
 * negated, their units kept), of every unit of every other thread's entry that may race where
 * its later ones do not (a pair is a pair of sites: the first unit found racing is enough).
 * <p><b>Older units.</b> An older access of an entry may race where its latest does not: T3
 * locks m, writes x; T1 reads x twice at one site, writes y; T3 reads y, unlocks m; T2 locks m,
 * writes x: T1's first read races T2's write, its second does not (its closure takes T3's whole
 * section, which read T1's y). A later unit c of an entry races every access that an older one
 * c' races (so c' is dropped) when (1) nothing between them needs more than c' did: they are in
 * one era of the thread, eras being ended by its acquires and by receives that bring something
 * new (the closure of c is then that of c' and the events between, which add only themselves);
 * or (2) no other thread held a section at c: a closure of c and a later access e2 holds events
 * after c only through e2's own closure or by the lock rule releasing a section open at c, and
 * a section of c's own thread open at c was also open, or released later than c', at c' (same
 * entry, same locks), so c' is then in e2's closure or in the closure of c' and e2 whenever c is.
 * Each entry keeps the latest unit of each earlier era for which neither held ({@link SyncpOlder},
 * one int; a unit during which no other thread held a section at any time replaces those before
 * it): none on SOR, whose sweeps hold no lock. The hub's summary path would replace an entry's
 * unit unseen: while another thread holds a section it stops at the thread's era's start, or
 * where the others began to hold one ({@link #summaryFloor}), and a call that lets it go on then
 * first keeps the thread's other entries' units from earlier eras (rule (2) covers the path
 * while none is held). Each thread
 * keeps the units its own predecessors need (its "hard" clock: start, join, wait/notify,
 * volatiles and the java.util.concurrent hand-offs, and reads-from), recorded at the end of each
 * unit in which it grew; each lock its sections per thread (acquire and release units, trace
 * order, a write mode taken inside a read mode linked to the read mode's section). The closure of
 * a thread's own predecessors is kept per thread and only grows: asked again after a change, it
 * is grown from where it was. The pair's closure is the paper's incremental ideal too (as
 * RAPID's SyncPreserving engine, by the paper's authors, keeps it): one per entry of the location and
 * later thread t ({@link SyncpIdeal}), grown from where t's last question of that entry left
 * it, never computed again. That is sound because the questions of one such pair only move
 * forward: t asks at its accesses in order, of the entry's units earliest first, and a unit
 * found in the closure is "flushed" for t (it is in the closure of every later access of t: the
 * closure only grows), so the next question is of that unit or a later one, whose predecessors
 * hold the earlier one's. The lock rule reads each lock's section queue per thread through a
 * cursor of the ideal (how many of the thread's sections have their acquire in it) that only
 * moves forward, so over its life an ideal takes in each unit and each section once, plus a
 * round over the locks more than one thread took per question (as RAPID's fix point). Ideals
 * live within a budget of ints ({@link #PAIR_BUDGET}; cursors grow with the shared locks'
 * section lists): past it a pair's closure is computed per question from the thread's own one,
 * and an ideal whose cursors no longer fit searches the sections, the same sets slower (a
 * property checks it). Units move at writes, so the hub reads this
 * detector's stamps again inside a run of cells and tells it of the writes its summary path
 * settles ({@link Detector#stampsMoveAtWrites}).
 * {@code SyncpReferenceTest} checks the pairs against this definition computed from scratch and
 * against the paper's event-by-event closure (equal sets, on random and on dense traces), and
 * {@code SyncpExamplesTest} on hand-written ones. What is not kept: an older unit that every
 * other thread's closure already holds (the paper's per-thread views would drop it); the lists
 * grow only while threads hold sections across eras of others.
 */
public final class SyncpDetector implements Detector {
    public SyncpDetector() {
        this(PAIR_BUDGET);
    }

    /** With ideals of at most this many ints (0: every pair's closure computed per question, by search). */
    SyncpDetector(long pairBudget) {
        this.budget = pairBudget;
    }

    private final PairTable pairs = new PairTable();
    private static final int INVALID = -1;
    /** Ints the ideals may take (about 32 MB): past it a pair's closure is computed per question, the same sets slower. */
    static final long PAIR_BUDGET = 8L << 20;
    // location ints: W (the last write, packed: thread + 1, unit), A (the summary, see access),
    // and the last write's thread + 1 and unit unpacked, for a write whose unit does not pack
    private int w, a, writer, pairsAt, entries, stride;
    private int[] epochs = new int[8];
    private VectorClock[] hard = new VectorClock[8]; // per thread, its own entry unused
    private boolean[] dirty = new boolean[8];        // hard grew in the present epoch
    private History[] histories = new History[8];
    private SyncpIdeal[] ideal = new SyncpIdeal[8]; // per thread: the closure of its predecessors
    private long[] idealVersion = new long[8];        // the version and epoch it was computed at
    private int[] idealEpoch = new int[8];
    private final LongMap<SyncpIdeal[]> pairIdeals = new LongMap<>(); // per location's handle and entry, per later thread
    private int handles = 1;                                  // a location's pair handle, 0: none yet
    private long budget;                                      // ints the ideals may still take
    private final SyncpIdeal fresh = new SyncpIdeal(8, 0, false); // a pair's closure past the budget: from scratch, searching
    private final LongMap<VectorClock> strong = new LongMap<>(); // volatile (>= 0), monitor (< 0)
    private final SyncpSections sections = new SyncpSections(); // each lock's sections per thread
    private int width = 1;
    private long version = 1; // grows whenever a hard clock or a lock's history does
    private int[] memoC = new int[8];
    private boolean[] memoRace = new boolean[8];
    private long memoKey = -1, memoVersion = -1;
    private final VectorClock scratch = new VectorClock();
    private int[] eraStart = new int[8];   // per thread: its first unit since its last acquire or receive that brought something
    private boolean[] busy = new boolean[8]; // per thread: another thread held a section during its present unit
    private int[][] busyUnits = new int[8][]; // per thread: its units during which another held a section, ascending
    private int[] busyCount = new int[8];
    private int[] busySince = new int[8];  // per thread: the unit after the one in which others last began to hold a section
    private final SyncpOlder older = new SyncpOlder();
    private int[] items = new int[8];

    /** A thread's hard clock at the end of each epoch in which it grew. */
    private static final class History {
        int[] epochs = new int[4];
        VectorClock[] clocks = new VectorClock[4];
        int n;
    }

    @Override
    public String name() {
        return "syncp";
    }

    @Override
    public PairTable pairs() {
        return pairs;
    }

    @Override
    public int locationInts() {
        return 5; // W, A, the last write unpacked (two), the handle of its entries' pair ideals
    }

    @Override
    public int entryInts() {
        return 2; // the latest access's epoch (negated: the next repeat is called all the same); its older units (SyncpOlder)
    }

    @Override
    public void place(int location, int entry, int stride) {
        this.w = location;
        this.a = location + 1;
        this.writer = location + 2;
        this.pairsAt = location + 4;
        this.entries = entry;
        this.stride = stride;
    }

    @Override
    public int summaryColumn() {
        return a;
    }

    @Override
    public int summaryStamp(int tid) {
        return pack(tid, epoch(tid));
    }

    /**
     * While another thread holds a section, an A left before tid's present era (or before the
     * others began to hold one) is the detector's to see: the unit the path would replace may
     * race where the new one does not (see the class comment). Otherwise the new unit races
     * whenever the one it replaces does, and the path goes on.
     */
    @Override
    public int summaryFloor(int tid) {
        epoch(tid);
        return sections.othersHold(tid) ? Math.max(eraStart[tid], busySince[tid]) : 0;
    }

    @Override
    public boolean stampsMoveAtWrites() {
        return true;
    }

    @Override
    public void summaryWrite(int tid) {
        wrote(tid);
    }

    @Override
    public void summaryWrites(int tid, int n) {
        if (n > 0) {
            wrote(tid); // the first may keep the hard clock; the others only move the epoch, as far as units pack
            int e = epochs[tid], limit = (1 << 24) - 1;
            epochs[tid] = e >= limit ? e : (int) Math.min((long) e + n - 1, limit);
        }
    }

    private static int pack(int tid, int epoch) {
        return tid < 126 && epoch < 1 << 24 ? (tid + 1) << 24 | epoch : INVALID;
    }

    @Override
    public int repeatColumn() {
        return 0;
    }

    @Override
    public int stamp(int tid) {
        return epoch(tid);
    }

    private void grow(int tid) {
        if (tid >= epochs.length) {
            int m = Math.max(tid + 1, 2 * epochs.length);
            epochs = Arrays.copyOf(epochs, m);
            hard = Arrays.copyOf(hard, m);
            dirty = Arrays.copyOf(dirty, m);
            histories = Arrays.copyOf(histories, m);
            ideal = Arrays.copyOf(ideal, m);
            idealVersion = Arrays.copyOf(idealVersion, m);
            idealEpoch = Arrays.copyOf(idealEpoch, m);
            eraStart = Arrays.copyOf(eraStart, m);
            busy = Arrays.copyOf(busy, m);
            busyUnits = Arrays.copyOf(busyUnits, m);
            busyCount = Arrays.copyOf(busyCount, m);
            busySince = Arrays.copyOf(busySince, m);
        }
        if (tid >= width) {
            width = tid + 1;
            memoC = Arrays.copyOf(memoC, Math.max(width, memoC.length));
            memoRace = Arrays.copyOf(memoRace, Math.max(width, memoRace.length));
            if (items.length < 2 * width) {
                items = Arrays.copyOf(items, 2 * width);
            }
            memoVersion = -1;
        }
    }

    int epoch(int tid) {
        int e;
        if (tid < width && (e = epochs[tid]) != 0) { // the common case, small enough for C1 to inline
            return e;
        }
        grow(tid); // width <= epochs.length after it
        e = epochs[tid];
        return e != 0 ? e : (epochs[tid] = 1);
    }

    private VectorClock hard(int tid) {
        grow(tid);
        VectorClock c = hard[tid];
        return c != null ? c : (hard[tid] = new VectorClock());
    }

    /** tid's synchronisation event ends its epoch: keep its hard clock if it grew. */
    private void tick(int tid) {
        int e = epoch(tid);
        if (dirty[tid]) {
            dirty[tid] = false;
            History s = histories[tid];
            if (s == null) {
                histories[tid] = s = new History();
            }
            if (s.n == s.epochs.length) {
                s.epochs = Arrays.copyOf(s.epochs, 2 * s.n);
                s.clocks = Arrays.copyOf(s.clocks, 2 * s.n);
            }
            s.epochs[s.n] = e;
            s.clocks[s.n++] = new VectorClock(hard(tid));
        }
        if (busy[tid]) {
            int[] b = busyUnits[tid];
            if (b == null || busyCount[tid] == b.length) {
                busyUnits[tid] = b = b == null ? new int[4] : Arrays.copyOf(b, 2 * b.length);
            }
            b[busyCount[tid]++] = e;
        }
        busy[tid] = sections.othersHold(tid);
        epochs[tid] = e + 1;
    }

    /** tid's new era: what follows may need more than what preceded (an acquire, a receive that brought something). */
    private void newEra(int tid) {
        int e = epoch(tid); // before the store: epoch may grow eraStart
        eraStart[tid] = e;
    }

    /** Whether no other thread held a section at any time during tid's finished unit c. */
    private boolean quiet(int tid, int c) {
        int[] b = busyUnits[tid];
        return b == null || Arrays.binarySearch(b, 0, busyCount[tid], c) < 0;
    }

    /** tid's hard clock at the end of its epoch k (the live one for its present epoch), or null. */
    private VectorClock hardAt(int tid, int k) {
        if (k >= epoch(tid)) {
            return hard(tid);
        }
        History s = histories[tid];
        if (s == null) {
            return null;
        }
        int lo = 0, hi = s.n - 1, found = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (s.epochs[mid] <= k) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return found < 0 ? null : s.clocks[found];
    }

    /** What tid sends on an edge: its hard clock and its epoch, which the event ends. */
    private VectorClock send(int tid) {
        scratch.assign(hard(tid));
        scratch.set(tid, epoch(tid));
        return scratch;
    }

    /** Whether the edge brought something new: only then does the receiving event end the epoch. */
    private boolean receive(int tid, VectorClock c) {
        if (c != null && hard(tid).join(c)) {
            dirty[tid] = true;
            version++;
            return true; // the caller ends the unit, then the era
        }
        return false;
    }

    /**
     * The check, then the location's last write or this thread's reads-from. A write ends its
     * unit (a reader of it needs this thread up to the write, not the accesses after it); so does
     * a read of another thread's write that its thread did not need yet (the accesses after it
     * need that write, those before it do not). A, the summary: this thread's access with its
     * unit when every other thread's entry was ordered before it and none was in its thread's
     * present unit, else invalid. While it is the last access, the hub settles this thread's
     * repeats itself (the stamp, A, and W on a write, telling {@link #summaryWrite}): nothing can
     * race them (the closure only grows), a read reads the write already read, and a write needs
     * no other thread's repeat called again (their entries' units are over: they are called anyway).
     */
    @Override
    public void access(Shape s, int[] d, int base, int e, boolean fresh, Context by) {
        int t = by.tid, k = epoch(t);
        boolean write = s.write(e);
        boolean settled = check(s, d, base, e, write, by);
        int at = base + entries + e * stride, was = Math.abs(d[at]);
        boolean held = sections.othersHold(t);
        if (held) {
            if (was > 0 && was < eraStart[t] && older.last(d[at + 1]) != was) {
                d[at + 1] = older.add(d[at + 1], was, quiet(t, was)); // an earlier era's unit may race where this one does not
            }
        } else if (d[at + 1] != 0) {
            d[at + 1] = older.clear(d[at + 1]); // this unit races whenever an older one does (see the class comment)
        }
        d[at] = k;
        if (settled && held) { // (while none is held, an A set now no longer lets the path go on once one is: busySince)
            keepOlder(s, d, base, e, t);
        }
        d[base + a] = settled ? pack(t, k) : INVALID;
        if (write) {
            d[base + w] = pack(t, k);
            d[base + writer] = t + 1;
            d[base + writer + 1] = k;
            for (int i = 0, n = s.size(); i < n; i++) { // the other threads' repeats may read this write
                int o = base + entries + i * stride;
                if (s.who(i).tid != t && d[o] > 0) {
                    d[o] = -d[o];
                }
            }
            wrote(t);
            return;
        }
        int lw = d[base + w], u, c;
        if (lw > 0) {
            u = (lw >>> 24) - 1;
            c = lw & 0xffffff;
        } else {
            u = d[base + writer] - 1;
            c = d[base + writer + 1];
        }
        if (u >= 0 && u != t) { // reads-from: the writer's unit is a predecessor of what follows
            VectorClock h = hard(t);
            if (c > h.get(u)) {
                h.set(u, c);
                dirty[t] = true;
                version++;
                tick(t);
                newEra(t);
            }
        }
    }

    /**
     * Before the hub's summary path may replace the units of tid's other entries of the location
     * unseen: each one's latest unit from an earlier era becomes an older unit.
     */
    private void keepOlder(Shape s, int[] d, int base, int e, int t) {
        for (int i = 0, n = s.size(); i < n; i++) {
            if (i != e && s.who(i).tid == t) {
                int at = base + entries + i * stride, c = Math.abs(d[at]);
                if (c > 0 && c < eraStart[t] && older.last(d[at + 1]) != c) {
                    d[at + 1] = older.add(d[at + 1], c, quiet(t, c));
                }
            }
        }
    }

    /** A write ends tid's unit, while units pack (past that, the next synchronisation does: fewer races, none false). */
    private void wrote(int tid) {
        if (epoch(tid) < (1 << 24) - 1) {
            tick(tid);
        }
    }

    /** Every entry of another thread that conflicts with this access, against it; whether A may be set. */
    private boolean check(Shape s, int[] d, int base, int e, boolean write, Context by) {
        int t = by.tid, k = epoch(t);
        VectorClock h = hard(t);
        int site = s.site(e);
        boolean settled = true;
        for (int i = 0, n = s.size(); i < n; i++) {
            Context other = s.who(i);
            int u = other.tid;
            if (u == t) {
                continue;
            }
            int at = base + entries + i * stride, c = Math.abs(d[at]);
            if (c >= epoch(u)) {
                settled = false; // u may repeat it in this unit after this thread's write
            }
            if (c <= h.get(u) || other.excludes(by)) {
                continue; // t's own predecessors need u's unit c (and its older ones); or both hold a lock, one exclusively
            }
            SyncpIdeal p = d[base + pairsAt] == 0 ? null : pairIdeal(d, base, i, t, false);
            int floor = Math.max(h.get(u), p == null ? 0 : p.flushed);
            if (c <= floor) {
                continue; // every unit of the entry is in the closure of t's accesses (its older ones before c)
            }
            int v = d[at + 1], m = older.size(v);
            if (items.length <= m) {
                items = Arrays.copyOf(items, 2 * m + 2);
            }
            older.read(v, items);
            items[m] = c;
            // the paper's order: the earliest unit not known ordered first; an ordered one is
            // ordered for t's later accesses too (flushed), so the pair's ideal only grows
            for (int j = 0; j <= m; j++) {
                if (items[j] <= floor) {
                    continue;
                }
                if (race(u, items[j], t, k, d, base, i, p)) {
                    settled = false;
                    if (write || s.write(i)) {
                        pairs.record(s.site(i), u, site, t);
                    }
                    break; // one race is the pair
                }
                if (p == null) {
                    p = pairIdeal(d, base, i, t, false); // the question may have made it
                }
                if (p != null && items[j] > p.flushed) {
                    p.flushed = items[j]; // in the closure of t's accesses from now on
                }
            }
        }
        return settled;
    }

    /**
     * Whether u's epoch c, of the location's entry i, is outside the closure of its own
     * predecessors and t's present ones. The pair's ideal (the entry's, for t) is grown from
     * where its last question left it ({@code pair}, when check has it): that one asked of a unit of the entry no later than c
     * (see check) and of an earlier access of t, so what it holds is in this closure too.
     */
    private boolean race(int u, int c, int t, int k, int[] d, int base, int i, SyncpIdeal pair) {
        long key = ((long) t << 32) | k;
        if (key != memoKey || version != memoVersion) {
            memoKey = key;
            memoVersion = version;
            Arrays.fill(memoC, 0);
        }
        if (memoC[u] == c) {
            return memoRace[u];
        }
        SyncpIdeal mine = idealOf(t, k);
        if (c <= mine.v[u]) {
            memoC[u] = c;
            return memoRace[u] = false;
        }
        SyncpIdeal p = pair != null ? pair : pairIdeal(d, base, i, t, true);
        if (p == null) { // past the budget: from t's own closure (closed: what it holds is taken in)
            p = fresh;
            p.widen(width);
            System.arraycopy(mine.v, 0, p.v, 0, width);
            System.arraycopy(mine.v, 0, p.expanded, 0, width);
        } else {
            p.include(mine);
        }
        p.v[u] = Math.max(p.v[u], c - 1); // e1's predecessors: u's units before c (what c's reads before e1 need, units before c need)
        close(p, u, c);
        memoC[u] = c;
        return memoRace[u] = p.v[u] < c;
    }

    /** The pair ideal of the location's entry i and thread t, made when asked and the budget allows; else null. */
    private SyncpIdeal pairIdeal(int[] d, int base, int i, int t, boolean make) {
        int h = d[base + pairsAt];
        long key = (long) h << 32 | i;
        SyncpIdeal[] of = h > 0 ? pairIdeals.get(key) : null;
        if (of != null && t < of.length && of[t] != null) {
            return of[t];
        }
        if (!make || budget <= 0) {
            return null;
        }
        if (h == 0) {
            h = d[base + pairsAt] = handles++;
            key = (long) h << 32 | i;
        }
        if (of == null || t >= of.length) {
            of = of == null ? new SyncpIdeal[Math.max(t + 1, 2)] : Arrays.copyOf(of, Math.max(t + 1, 2 * of.length));
            pairIdeals.put(key, of);
        }
        budget -= of.length;
        return of[t] = newIdeal(width);
    }

    /** A new ideal, with cursors while the budget allows. */
    private SyncpIdeal newIdeal(int width) {
        SyncpIdeal p = new SyncpIdeal(width, sections.slots(), budget > 2L * sections.slots());
        budget -= p.size();
        return p;
    }

    /** Cursors for every section list there is now, while the budget allows; past it the ideal searches (the same answers). */
    private void fitCursors(SyncpIdeal p) {
        int need = 2 * sections.slots();
        if (p.cursors != null && p.cursors.length < need) {
            int grown = Math.max(need, 2 * p.cursors.length);
            if (budget < grown - p.cursors.length) {
                p.cursors = null;
            } else {
                budget -= grown - p.cursors.length;
                p.cursors = Arrays.copyOf(p.cursors, grown);
            }
        }
    }

    /** The closure of t's predecessors at its present access (epoch k), grown from the last one. */
    private SyncpIdeal idealOf(int t, int k) {
        SyncpIdeal i = ideal[t];
        if (i != null && idealVersion[t] == version && idealEpoch[t] == k) {
            return i;
        }
        if (i == null) {
            ideal[t] = i = newIdeal(width);
        }
        i.widen(width);
        i.v[t] = Math.max(i.v[t], k - 1);
        absorb(i.v, hard(t), t);
        close(i, -1, 0);
        idealVersion[t] = version;
        idealEpoch[t] = k;
        return i;
    }

    /**
     * Closes an ideal (units per thread, whole units in) under hard clocks and the lock rule;
     * stops once it holds u's unit c. A finished unit's hard clock never changes, so one taken
     * in stays taken (a thread's present unit's is taken again each time).
     */
    private void close(SyncpIdeal p, int u, int c) {
        p.widen(width);
        int[] v = p.v, expanded = p.expanded;
        boolean changed = true;
        while (changed && (u < 0 || v[u] < c)) {
            changed = false;
            for (int x = 0; x < width; x++) {
                if (v[x] > expanded[x]) {
                    if (v[x] < epochs[x]) {
                        expanded[x] = v[x];
                    }
                    changed |= absorb(v, hardAt(x, v[x]), x);
                }
            }
            fitCursors(p);
            changed |= sections.close(p);
        }
    }

    private static boolean absorb(int[] v, VectorClock h, int self) {
        if (h == null) {
            return false;
        }
        boolean changed = false;
        for (int i = 0, n = Math.min(v.length, h.width()); i < n; i++) {
            if (i != self && h.get(i) > v[i]) {
                v[i] = h.get(i);
                changed = true;
            }
        }
        return changed;
    }

    @Override
    public void acquire(int tid, int lock, boolean exclusive) {
        epoch(tid);
        for (int x = 0; x < width; x++) {
            if (x != tid && epochs[x] != 0 && !sections.othersHold(x)) {
                busySince[x] = epochs[x] + 1; // an A of x's from before now no longer lets the hub's path go on
            }
        }
        sections.acquire(tid, lock, exclusive, epoch(tid));
        version++;
        for (int x = 0; x < width; x++) {
            busy[x] |= x != tid; // the others' present units: a section of tid's open during them
        }
        tick(tid);
        newEra(tid);
    }

    @Override
    public void release(int tid, int lock, boolean exclusive) {
        if (sections.release(tid, lock, epoch(tid))) {
            version++;
        }
        tick(tid);
    }

    @Override
    public void threadStart(int parent, int child) {
        receive(child, send(parent));
        epoch(child);
        tick(parent);
    }

    @Override
    public void threadJoin(int joiner, int joined) {
        if (receive(joiner, send(joined))) {
            tick(joiner);
            newEra(joiner);
        }
    }

    @Override
    public void notifyWaiters(int tid, int monitor) {
        post(-1L - monitor, tid);
        tick(tid);
    }

    @Override
    public void waitReturn(int tid, int monitor) {
        if (receive(tid, strong.get(-1L - monitor))) {
            tick(tid);
            newEra(tid);
        }
    }

    @Override
    public void volatileAccess(int tid, int variable, boolean write) {
        if (write) {
            post(variable, tid);
            tick(tid);
        } else if (receive(tid, strong.get(variable))) {
            tick(tid); // a spinning read that brings nothing ends no epoch
            newEra(tid);
        }
    }

    private void post(long key, int tid) {
        VectorClock c = strong.get(key);
        if (c == null) {
            strong.put(key, c = new VectorClock());
        }
        c.join(send(tid));
        version++;
    }
}
