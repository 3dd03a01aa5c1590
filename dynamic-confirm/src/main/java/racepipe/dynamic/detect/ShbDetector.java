package racepipe.dynamic.detect;

import java.util.Arrays;

/**
 * Schedulable happens-before (SHB): Mathur, Kini and Viswanathan, "What happens-after the first
 * race? Enhancing the predictive power of happens-before based dynamic race detection", OOPSLA
 * 2018, event by event. HB's edges (locks, start/join, wait/notify, volatiles) plus reads-from: a
 * read is checked against the writes before it, then joins the clock its location's last write
 * had; a write is checked against every access before it. Every pair it reports has a correct
 * reordering of the trace that puts the two accesses side by side; SHB ⊆ HB.
 * <p>Exactly, not by epochs of synchronisation: a thread's own clock entry also moves after each
 * of its writes, so a reader that joins a write's clock sees the writer's accesses up to that
 * write and none after it. A write is the last event of its clock value, so the clock a write had
 * is the thread's clock at the end of that value: kept only when the clock takes a join after
 * writes (a "seal"), else the thread's present clock is that clock.
 * <p>Per location the last write (packed: thread + 1 in the top 7 bits, clock value in 24; and
 * unpacked, for a value that does not pack) and a summary A; per entry one int, the clock value of
 * its latest access, which is also the stamp the hub compares for its repeat skip. A skipped
 * repeat is the same thread's same access with no write or join of its own since: a read so
 * skipped could still have to join a write another thread made since, so each write negates the
 * other threads' read entries of its location (the checks read their absolute value), and the hub
 * calls again.
 * <p>A, the hub's summary path (as HB's, see {@link ClockedDetector}): this thread's access when
 * every other thread's entry was ordered before it and no other thread's read entry is live
 * (un-negated), else invalid. While it is the last access, a repeat of this thread is ordered
 * after every entry, reads what it read already, and as a write has no read entry to negate: the
 * hub settles it itself (the stamp, A, and W on a write, telling {@link #summaryWrite}, which
 * ends the clock value). The values move at writes, so the hub reads the stamps again after
 * them ({@link Detector#stampsMoveAtWrites}).
 */
public final class ShbDetector implements Detector {
    private final PairTable pairs = new PairTable();
    private final ClockTracker clocks = new ClockTracker(true);
    private static final int INVALID = -1;
    // location ints: W (the last write, packed), A (the summary), the last write's thread + 1 and value unpacked
    private int w, a, writer, entries, stride;
    private boolean[] wrote = new boolean[8];  // per thread: a write since its last seal
    private int[][] sealedAt = new int[8][];   // per thread: the values up to which each sealed clock holds, ascending
    private VectorClock[][] sealed = new VectorClock[8][];
    private int[] seals = new int[8];

    @Override
    public String name() {
        return "shb";
    }

    @Override
    public PairTable pairs() {
        return pairs;
    }

    @Override
    public int locationInts() {
        return 4;
    }

    @Override
    public int entryInts() {
        return 1;
    }

    @Override
    public void place(int location, int entry, int stride) {
        this.w = location;
        this.a = location + 1;
        this.writer = location + 2;
        this.entries = entry;
        this.stride = stride;
    }

    @Override
    public int repeatColumn() {
        return 0;
    }

    @Override
    public int summaryColumn() {
        return a;
    }

    @Override
    public int summaryStamp(int tid) {
        int value = clocks.epoch(tid);
        return tid < 126 && value < 1 << 24 ? (tid + 1) << 24 | value : INVALID;
    }

    @Override
    public boolean stampsMoveAtWrites() {
        return true;
    }

    @Override
    public void summaryWrite(int tid) {
        mark(tid);
        clocks.tickOwn(tid); // the write is its value's last event
    }

    @Override
    public void summaryWrites(int tid, int n) {
        if (n > 0) {
            mark(tid);
            clocks.tickOwn(tid, n);
        }
    }

    @Override
    public int stamp(int tid) {
        return clocks.epoch(tid);
    }

    @Override
    public void access(Shape s, int[] d, int base, int e, boolean fresh, Context by) {
        int tid = by.tid;
        VectorClock now = clocks.of(tid);
        int value = now.get(tid);
        boolean write = s.write(e);
        int site = s.site(e);
        boolean settled = true;
        for (int i = 0, n = s.size(); i < n; i++) {
            Context other = s.who(i);
            if (other.tid == tid) {
                continue;
            }
            boolean otherWrite = s.write(i);
            int at = base + entries + i * stride;
            int c = d[at];
            if ((c < 0 ? -c : c) > now.get(other.tid)) {
                settled = false;
                if (write || otherWrite) {
                    pairs.record(s.site(i), other.tid, site, tid);
                }
            }
            if (!otherWrite && c > 0) {
                if (write) {
                    d[at] = -c; // that thread's next read of this location must come to us: it reads from this write
                } else {
                    settled = false; // a write settled by the summary path could not negate it
                }
            }
        }
        int packed = tid < 126 && value < 1 << 24 ? (tid + 1) << 24 | value : INVALID;
        d[base + entries + e * stride] = value;
        d[base + a] = settled ? packed : INVALID;
        if (write) {
            d[base + w] = packed;
            d[base + writer] = tid + 1;
            d[base + writer + 1] = value;
            summaryWrite(tid);
        } else {
            int lw = d[base + w];
            if (lw > 0) {
                readFrom(tid, now, (lw >>> 24) - 1, lw & 0xffffff);
            } else {
                readFrom(tid, now, d[base + writer] - 1, d[base + writer + 1]);
            }
        }
    }

    /** The reads-from edge: the reader's clock joins the clock the write (of u, at value c) had. */
    private void readFrom(int tid, VectorClock now, int u, int c) {
        if (u < 0 || u == tid || c <= now.get(u)) {
            return; // no write yet, the reader's own, or already seen
        }
        VectorClock w = clockAt(u, c);
        seal(tid);
        int own = now.get(u);
        now.join(w);
        now.set(u, Math.max(own, c)); // the writer's later accesses (w may be its present clock) stay unseen
    }

    /** The clock thread u had at its value c (a value it wrote at). */
    private VectorClock clockAt(int u, int c) {
        int n = u < seals.length ? seals[u] : 0;
        if (n == 0 || c > sealedAt[u][n - 1]) {
            return clocks.of(u);
        }
        int k = Arrays.binarySearch(sealedAt[u], 0, n, c);
        return sealed[u][k >= 0 ? k : -k - 1];
    }

    private void mark(int tid) {
        if (tid >= wrote.length) {
            int m = Math.max(tid + 1, 2 * wrote.length);
            wrote = Arrays.copyOf(wrote, m);
            sealedAt = Arrays.copyOf(sealedAt, m);
            sealed = Arrays.copyOf(sealed, m);
            seals = Arrays.copyOf(seals, m);
        }
        wrote[tid] = true;
    }

    /** tid's clock takes a join: keep the clock its writes since the last seal had. */
    private void seal(int tid) {
        if (tid >= wrote.length || !wrote[tid]) {
            return;
        }
        wrote[tid] = false;
        int n = seals[tid];
        if (sealedAt[tid] == null || n == sealedAt[tid].length) {
            sealedAt[tid] = Arrays.copyOf(sealedAt[tid] == null ? new int[0] : sealedAt[tid], Math.max(4, 2 * n));
            sealed[tid] = Arrays.copyOf(sealed[tid] == null ? new VectorClock[0] : sealed[tid], Math.max(4, 2 * n));
        }
        VectorClock c = clocks.of(tid);
        sealedAt[tid][n] = c.get(tid) - 1; // its writes' values are below the present one
        sealed[tid][n] = new VectorClock(c);
        seals[tid] = n + 1;
    }

    @Override
    public void threadStart(int parent, int child) {
        clocks.start(parent, child); // the parent's clock only ticks; the child's is new
    }

    @Override
    public void threadJoin(int joiner, int joined) {
        seal(joiner);
        clocks.join(joiner, joined);
    }

    @Override
    public void acquire(int tid, int lock, boolean exclusive) {
        seal(tid);
        clocks.acquire(tid, lock, exclusive);
    }

    @Override
    public void release(int tid, int lock, boolean exclusive) {
        clocks.release(tid, lock, exclusive);
    }

    @Override
    public void notifyWaiters(int tid, int monitor) {
        clocks.notifyWaiters(tid, monitor);
    }

    @Override
    public void waitReturn(int tid, int monitor) {
        seal(tid);
        clocks.waitReturn(tid, monitor);
    }

    @Override
    public void volatileAccess(int tid, int variable, boolean write) {
        if (!write) {
            seal(tid);
        }
        clocks.volatileAccess(tid, variable, write);
    }
}
