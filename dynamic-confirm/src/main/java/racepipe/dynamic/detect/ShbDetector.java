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
 * <p>Per location the last write (thread + 1, clock value); per entry two ints: the clock value of
 * its latest access (what the checks read) and the stamp the hub compares for its repeat skip.
 * A skipped repeat is the same thread's same access with no write or join of its own since: a
 * read so skipped could still have to join a write another thread made since, so each write
 * clears the stamps of the other threads' read entries of its location, and the hub calls again.
 */
public final class ShbDetector implements Detector {
    private final PairTable pairs = new PairTable();
    private final ClockTracker clocks = new ClockTracker(true);
    private int last, entries, stride; // the last write's thread + 1 at last, its clock value at last + 1
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
        return 2;
    }

    @Override
    public int entryInts() {
        return 2;
    }

    @Override
    public void place(int location, int entry, int stride) {
        this.last = location;
        this.entries = entry;
        this.stride = stride;
    }

    @Override
    public int repeatColumn() {
        return 1;
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
        for (int i = 0, n = s.size(); i < n; i++) {
            Context other = s.who(i);
            boolean otherWrite = s.write(i);
            if (other.tid == tid || !(write || otherWrite)) {
                continue;
            }
            int at = base + entries + i * stride;
            if (d[at] > now.get(other.tid)) {
                pairs.record(s.site(i), other.tid, site, tid);
            }
            if (write && !otherWrite) {
                d[at + 1] = 0; // that thread's next read of this location must come to us: it reads from this write
            }
        }
        int mine = base + entries + e * stride;
        d[mine] = value;
        d[mine + 1] = value;
        if (write) {
            d[base + last] = tid + 1;
            d[base + last + 1] = value;
            mark(tid);
            clocks.tickOwn(tid); // the write is its value's last event
        } else {
            readFrom(tid, now, d[base + last] - 1, d[base + last + 1]);
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
