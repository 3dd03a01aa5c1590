package racepipe.dynamic.detect;

/**
 * Sync-preserving races (SyncP): Mathur, Pavlogiannis and Viswanathan, "Optimal prediction of
 * synchronization-preserving races", POPL 2021. Two conflicting accesses e1 (earlier) and e2
 * race when some correct reordering of the trace that keeps the order of the critical sections
 * it contains on each lock ends with both enabled: e1 is not in the closure S of their
 * predecessors under thread order, reads-from, fork/join and "a critical section before an
 * acquire in S is complete in S".
 * <p>What this is, plainly: not the paper's linear-time algorithm (its incremental ideals), but
 * the closure computed per question, as a fixpoint over epochs: this detector's epochs end at
 * every synchronisation event of a thread (so within one its clocks and locks are constant),
 * each thread keeps its "hard" clock (start/join, wait/notify, volatiles and the
 * java.util.concurrent hand-offs, and reads-from) at the end of every epoch in which it grew, and
 * each lock its acquires per thread (epochs of acquire and release, trace order). An entry seen
 * by both HB's clock and the hard clock is ordered; one that HB orders only through a lock goes to
 * the fixpoint (hard closure, then the lock rule, until nothing grows); an access pair HB leaves
 * unordered is reported as HB reports it, so HB ⊆ SyncP on every pair: the paper's HB ⊆ SyncP
 * holds for the first race, and beyond it an HB pair may be unschedulable (SHB's shape), which
 * the paper's SyncP drops and this one keeps. What it keeps coarser than the paper: a read's
 * writer is in S with its whole epoch (up to the synchronisation that ends it), an access's own
 * epoch counts only up to its start, and reads-from is the order the detectors see (reads the
 * hub settles without calling the detector add none). The cost of a fixpoint is threads x shared
 * locks per round; the histories grow with the run's synchronisation.
 */
public final class SyncpDetector extends ClockedDetector {
    private VectorClock[] hard = new VectorClock[8]; // per thread, own entry not kept
    private boolean[] dirty = new boolean[8];        // per thread: hard grew in the present epoch
    private History[] histories = new History[8];
    private final LongMap<VectorClock> strong = new LongMap<>(); // volatile (>= 0), monitor (< 0): hard joined in
    private final LongMap<Lock> locks = new LongMap<>();
    private Lock[] shared = new Lock[8]; // the locks more than one thread took
    private int sharedCount;
    private long sequence; // acquires in trace order
    private int width = 1; // thread ids seen: 0 to width - 1
    private final VectorClock scratch = new VectorClock();
    private long memoKey = -1, memoAt = -1, memoVersion = -1; // the last fixpoint's question, the present it was asked at
    private boolean memo;
    private long version; // grows whenever a hard clock or a lock's history does

    /** A thread's hard clock at the end of each epoch in which it grew. */
    private static final class History {
        int[] epochs = new int[4];
        VectorClock[] clocks = new VectorClock[4];
        int n;
    }

    /** A lock's acquires, per thread that took it. */
    private static final class Lock {
        int[] tids = new int[2];
        Acquires[] of = new Acquires[2];
        int n;
    }

    /** One thread's acquires of one lock, in its order: epochs of acquire and release (-1 open). */
    private static final class Acquires {
        int[] acquired = new int[4];
        int[] released = new int[4];
        long[] seq = new long[4];
        boolean[] exclusive = new boolean[4];
        int n;
        int[] exclusives = new int[4]; // indices of the exclusive ones
        int exclusiveCount;

        /** The last acquire whose epoch is at most k, or -1 (exclusive ones only if asked). */
        int last(int k, boolean onlyExclusive) {
            int lo = 0, hi = (onlyExclusive ? exclusiveCount : n) - 1, found = -1;
            while (lo <= hi) {
                int mid = (lo + hi) >>> 1;
                int i = onlyExclusive ? exclusives[mid] : mid;
                if (acquired[i] <= k) {
                    found = i;
                    lo = mid + 1;
                } else {
                    hi = mid - 1;
                }
            }
            return found;
        }
    }

    public SyncpDetector() {
        super(new ClockTracker(true, true), true);
    }

    @Override
    public String name() {
        return "syncp";
    }

    @Override
    boolean mayRace(Context earlier, Context now) {
        return true;
    }

    @Override
    int ownInts() {
        return 1; // the last write (thread + 1, epoch), for reads-from
    }

    private VectorClock hard(int tid) {
        if (tid >= hard.length) {
            int m = Math.max(tid + 1, 2 * hard.length);
            hard = java.util.Arrays.copyOf(hard, m);
            dirty = java.util.Arrays.copyOf(dirty, m);
            histories = java.util.Arrays.copyOf(histories, m);
        }
        width = Math.max(width, tid + 1);
        VectorClock c = hard[tid];
        return c != null ? c : (hard[tid] = new VectorClock());
    }

    /** What tid sends on an edge: its hard clock with its own epoch. */
    private VectorClock send(int tid) {
        scratch.assign(hard(tid));
        scratch.set(tid, clocks.epoch(tid));
        return scratch;
    }

    private void receive(int tid, VectorClock c) {
        if (c != null && hard(tid).join(c)) {
            dirty[tid] = true;
            version++;
            clocks.grew = true; // the epoch ends here even if HB's clock did not move
        }
    }

    /** tid's epoch ends (its synchronisation event, edges received): keep its hard clock if it grew. */
    private void seal(int tid) {
        VectorClock h = hard(tid);
        if (!dirty[tid]) {
            return;
        }
        dirty[tid] = false;
        History s = histories[tid];
        if (s == null) {
            histories[tid] = s = new History();
        }
        if (s.n == s.epochs.length) {
            s.epochs = java.util.Arrays.copyOf(s.epochs, 2 * s.n);
            s.clocks = java.util.Arrays.copyOf(s.clocks, 2 * s.n);
        }
        s.epochs[s.n] = clocks.epoch(tid);
        s.clocks[s.n++] = new VectorClock(h);
    }

    /** tid's hard clock at the end of its epoch k (the live one for its present epoch), or null. */
    private VectorClock hardAt(int tid, int k) {
        if (k >= clocks.epoch(tid)) {
            return hard(tid);
        }
        History s = tid < histories.length ? histories[tid] : null;
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

    /** Seen by HB and by the hard clock: what the summary may take as ordered. */
    @Override
    VectorClock now(int tid) {
        scratch.meet(clocks.of(tid), hard(tid));
        scratch.set(tid, clocks.epoch(tid));
        return scratch;
    }

    @Override
    boolean seen(Context other, int epoch, Context by, VectorClock now) {
        int u = other.tid, t = by.tid;
        hard(u);
        if (epoch > clocks.of(t).get(u)) {
            return false; // HB leaves them unordered: reported, as HB does
        }
        if (epoch <= hard(t).get(u)) {
            return true;
        }
        long key = ((long) u << 32) | epoch, at = ((long) t << 32) | clocks.epoch(t);
        if (key != memoKey || at != memoAt || version != memoVersion) {
            memoKey = key;
            memoAt = at;
            memoVersion = version;
            memo = closed(u, epoch, t);
        }
        return memo;
    }

    /** Whether u's epoch c is in the closure of the predecessors of u's access (in c) and t's present access. */
    private boolean closed(int u, int c, int t) {
        int[] v = new int[width];
        int[] expanded = new int[width];
        java.util.Arrays.fill(expanded, -1);
        absorb(v, hardAt(u, c - 1), u);
        v[u] = Math.max(v[u], c - 1);
        absorb(v, hard(t), t);
        v[t] = Math.max(v[t], clocks.epoch(t) - 1);
        boolean changed = true;
        while (changed && v[u] < c) {
            changed = false;
            for (int x = 0; x < width; x++) {
                if (v[x] > expanded[x]) {
                    expanded[x] = v[x];
                    changed |= absorb(v, hardAt(x, v[x]), x);
                }
            }
            for (int i = 0; i < sharedCount; i++) {
                changed |= lockRule(shared[i], v);
            }
        }
        return v[u] >= c;
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

    /**
     * Sync-preservation on one lock: of two acquires in S, the earlier one's section is complete
     * in S (read-mode sections only against exclusive ones).
     */
    private static boolean lockRule(Lock l, int[] v) {
        long all = -1, exclusive = -1;
        for (int j = 0; j < l.n; j++) {
            int x = l.tids[j];
            if (x >= v.length) {
                continue;
            }
            Acquires a = l.of[j];
            int i = a.last(v[x], false);
            if (i >= 0) {
                all = Math.max(all, a.seq[i]);
            }
            int ie = a.last(v[x], true);
            if (ie >= 0) {
                exclusive = Math.max(exclusive, a.seq[ie]);
            }
        }
        boolean changed = false;
        for (int j = 0; j < l.n; j++) {
            int x = l.tids[j];
            if (x >= v.length) {
                continue;
            }
            Acquires a = l.of[j];
            int i = a.last(v[x], false);
            if (i < 0 || a.released[i] < 0 || a.released[i] <= v[x]) {
                continue; // none in S, open (no later acquire can be in S), or complete in S
            }
            if ((a.exclusive[i] ? all : exclusive) > a.seq[i]) {
                v[x] = a.released[i];
                changed = true;
            }
        }
        return changed;
    }

    @Override
    void after(Shape s, int[] d, int base, int e, Context by) {
        int tid = by.tid;
        VectorClock h = hard(tid);
        if (s.write(e)) {
            d[base + own] = pack(tid, clocks.epoch(tid));
            return;
        }
        int last = d[base + own];
        if (last <= 0) {
            return;
        }
        int u = (last >>> 24) - 1, c = last & 0xffffff;
        if (u != tid && c > h.get(u)) { // reads-from: the writer's epoch is in S with the read
            h.set(u, c);
            dirty[tid] = true;
            version++;
        }
    }

    private Acquires acquires(int lock, int tid) {
        Lock l = locks.get(lock);
        if (l == null) {
            locks.put(lock, l = new Lock());
        }
        for (int j = 0; j < l.n; j++) {
            if (l.tids[j] == tid) {
                return l.of[j];
            }
        }
        if (l.n == l.tids.length) {
            l.tids = java.util.Arrays.copyOf(l.tids, 2 * l.n);
            l.of = java.util.Arrays.copyOf(l.of, 2 * l.n);
        }
        l.tids[l.n] = tid;
        Acquires a = l.of[l.n++] = new Acquires();
        if (l.n == 2) { // a second thread: the lock rule may now order something
            if (sharedCount == shared.length) {
                shared = java.util.Arrays.copyOf(shared, 2 * sharedCount);
            }
            shared[sharedCount++] = l;
        }
        return a;
    }

    @Override
    public void acquire(int tid, int lock, boolean exclusive) {
        hard(tid);
        Acquires a = acquires(lock, tid);
        if (a.n == a.acquired.length) {
            int m = 2 * a.n;
            a.acquired = java.util.Arrays.copyOf(a.acquired, m);
            a.released = java.util.Arrays.copyOf(a.released, m);
            a.seq = java.util.Arrays.copyOf(a.seq, m);
            a.exclusive = java.util.Arrays.copyOf(a.exclusive, m);
        }
        a.acquired[a.n] = clocks.epoch(tid);
        a.released[a.n] = -1;
        a.seq[a.n] = sequence++;
        a.exclusive[a.n] = exclusive;
        if (exclusive) {
            if (a.exclusiveCount == a.exclusives.length) {
                a.exclusives = java.util.Arrays.copyOf(a.exclusives, 2 * a.exclusiveCount);
            }
            a.exclusives[a.exclusiveCount++] = a.n;
        }
        a.n++;
        version++;
        seal(tid);
        clocks.acquire(tid, lock, exclusive);
    }

    @Override
    public void release(int tid, int lock, boolean exclusive) {
        Acquires a = acquires(lock, tid);
        for (int i = a.n - 1; i >= 0; i--) {
            if (a.released[i] < 0) {
                a.released[i] = clocks.epoch(tid);
                version++;
                break;
            }
        }
        seal(tid);
        clocks.release(tid, lock, exclusive);
    }

    @Override
    public void threadStart(int parent, int child) {
        receive(child, send(parent));
        seal(parent);
        clocks.start(parent, child);
        clocks.grew = false; // the child's clock grew: its first epoch has only begun
    }

    @Override
    public void threadJoin(int joiner, int joined) {
        receive(joiner, send(joined));
        seal(joiner);
        clocks.join(joiner, joined);
    }

    @Override
    public void notifyWaiters(int tid, int monitor) {
        long k = -1L - monitor;
        VectorClock c = strong.get(k);
        if (c == null) {
            strong.put(k, c = new VectorClock());
        }
        c.join(send(tid));
        seal(tid);
        clocks.notifyWaiters(tid, monitor);
    }

    @Override
    public void waitReturn(int tid, int monitor) {
        receive(tid, strong.get(-1L - monitor));
        seal(tid);
        clocks.waitReturn(tid, monitor);
    }

    @Override
    public void volatileAccess(int tid, int variable, boolean write) {
        if (write) {
            VectorClock c = strong.get(variable);
            if (c == null) {
                strong.put(variable, c = new VectorClock());
            }
            c.join(send(tid));
        } else {
            receive(tid, strong.get(variable));
        }
        seal(tid);
        clocks.volatileAccess(tid, variable, write);
    }
}
