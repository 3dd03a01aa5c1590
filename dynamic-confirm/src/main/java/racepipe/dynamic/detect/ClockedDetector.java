package racepipe.dynamic.detect;

/**
 * A detector that orders accesses by vector clocks: a new access races with every entry of the
 * location by another thread whose latest epoch (FastTrack's clock@thread) its clock has not
 * seen, one of the two a write, when {@link #mayRace} also holds. Which edges the clocks carry is
 * the subclass's choice.
 * <p>Per entry one int, the epoch of its latest access. Three paths, cheapest first:
 * <ul>
 * <li>same epoch: the entry's epoch is the thread's present one: nothing can be new (anything
 * another thread did since was checked against this very epoch, since an edge out of a thread
 * ends its epoch; and the thread's clock has only grown);
 * <li>ordered (with a summary): a read that has seen the location's last write W, a write that
 * has seen its last access A, has seen every entry it could race with: no race, and the summary
 * moves on to this access. W is valid while every write entry happened before it, A while
 * every entry did: two ints per location, FastTrack's epochs packed in one int each (thread + 1
 * in the top 7 bits, clock in 24; 0: no access yet, -1: not valid, also when a thread or clock
 * does not fit);
 * <li>otherwise every entry is checked, as in the original detector, and the summary is rebuilt
 * from what the check saw.
 * </ul>
 * HB keeps the summary (its epochs change at every release); hybrid does not (its epochs change
 * only at start and notify, so the same-epoch path takes nearly every repeat).
 */
abstract class ClockedDetector implements Detector {
    private static final int NONE = 0, INVALID = -1;

    private final PairTable pairs = new PairTable();
    final ClockTracker clocks;
    private final boolean summary;
    private int w, a, entries, stride; // summary: W at w, A at a
    int own; // the offset of the subclass's own per-location ints (ownInts), from the location's base

    ClockedDetector(boolean lockEdges, boolean summary) {
        this(new ClockTracker(lockEdges), summary);
    }

    ClockedDetector(ClockTracker clocks, boolean summary) {
        this.clocks = clocks;
        this.summary = summary;
    }

    /** The extra condition of this detector (hybrid: the lockset test); HB: none. */
    abstract boolean mayRace(Context earlier, Context now);

    /**
     * The clock of tid's present: an entry whose epoch it holds has been seen (HB: tid's clock).
     * The summary is judged with it, so it must never claim more than {@link #seen} does.
     */
    VectorClock now(int tid) {
        return clocks.of(tid);
    }

    /** The latest access of entry {@code other} (at {@code epoch}) is ordered before this access of {@code by}. */
    boolean seen(Context other, int epoch, Context by, VectorClock now) {
        return epoch <= now.get(other.tid);
    }

    /** Called on every access the detector sees that is not a same-epoch repeat, before its check (WCP's joins). */
    void before(Shape s, int[] d, int base, int e, Context by) {
    }

    /** Called on every access the detector sees, after its check (SHB's reads-from). */
    void after(Shape s, int[] d, int base, int e, Context by) {
    }

    /** Per-location ints the subclass keeps for itself, at {@link #own}. */
    int ownInts() {
        return 0;
    }

    @Override
    public PairTable pairs() {
        return pairs;
    }

    @Override
    public int locationInts() {
        return (summary ? 2 : 0) + ownInts();
    }

    @Override
    public int entryInts() {
        return 1;
    }

    @Override
    public void place(int location, int entry, int stride) {
        this.w = location;
        this.a = location + 1;
        this.own = location + (summary ? 2 : 0);
        this.entries = entry;
        this.stride = stride;
    }

    @Override
    public void threadStart(int parent, int child) {
        clocks.start(parent, child);
    }

    @Override
    public void threadJoin(int joiner, int joined) {
        clocks.join(joiner, joined);
    }

    @Override
    public void notifyWaiters(int tid, int monitor) {
        clocks.notifyWaiters(tid, monitor);
    }

    @Override
    public void waitReturn(int tid, int monitor) {
        clocks.waitReturn(tid, monitor);
    }

    static int pack(int tid, int clock) {
        return tid < 126 && clock < 1 << 24 ? (tid + 1) << 24 | clock : INVALID;
    }

    /** The summary epoch happened before the present of tid (whose clock is now). */
    private static boolean sees(int epoch, int tid, VectorClock now) {
        if (epoch == NONE) {
            return true;
        }
        if (epoch == INVALID) {
            return false;
        }
        int t = (epoch >>> 24) - 1;
        return t == tid || (epoch & 0xffffff) <= now.get(t);
    }

    @Override
    public int repeatColumn() {
        return 0; // the entry's epoch
    }

    @Override
    public int stamp(int tid) {
        return clocks.epoch(tid);
    }

    @Override
    public int summaryColumn() {
        return summary ? a : -1;
    }

    @Override
    public int summaryStamp(int tid) {
        return pack(tid, clocks.epoch(tid));
    }

    @Override
    public final void access(Shape s, int[] d, int base, int e, boolean fresh, Context by) {
        int tid = by.tid;
        int clock = clocks.epoch(tid);
        int mine = base + entries + e * stride;
        if (d[mine] == clock) { // same epoch (a fresh entry holds 0, an epoch is 1 and up)
            after(s, d, base, e, by);
            return;
        }
        before(s, d, base, e, by);
        if (summary) {
            int last = d[base + a];
            if (last > 0 && last >>> 24 == tid + 1) { // the last access, valid, was this thread's: all came before (EventHub.cell does this itself)
                int me = pack(tid, clock);
                if (s.write(e)) {
                    d[base + w] = me;
                }
                d[base + a] = me;
                d[mine] = clock;
                after(s, d, base, e, by);
                return;
            }
        }
        changed(s, d, base, e, by, clock);
        after(s, d, base, e, by);
    }

    private void changed(Shape s, int[] d, int base, int e, Context by, int clock) {
        int tid = by.tid;
        VectorClock now = now(tid);
        boolean write = s.write(e);
        if (!summary) {
            check(s, d, base, e, write, by, now);
        } else if (write ? sees(d[base + a], tid, now) : sees(d[base + w], tid, now)) {
            int me = pack(tid, clock);
            if (write) {
                d[base + w] = me;
                d[base + a] = me;
            } else {
                d[base + a] = sees(d[base + a], tid, now) ? me : INVALID;
            }
        } else {
            check(s, d, base, e, write, by, now);
        }
        d[base + entries + e * stride] = clock;
    }

    /** Every entry against this access: reports the races and rebuilds the summary. */
    private void check(Shape s, int[] d, int base, int e, boolean write, Context by, VectorClock now) {
        int tid = by.tid;
        int site = s.site(e);
        boolean allSeen = true, writesSeen = true;
        for (int i = 0, n = s.size(); i < n; i++) {
            Context other = s.who(i);
            if (other.tid == tid || seen(other, d[base + entries + i * stride], by, now)) {
                continue;
            }
            boolean otherWrite = s.write(i);
            allSeen = false;
            writesSeen &= !otherWrite;
            if ((write || otherWrite) && mayRace(other, by)) {
                pairs.record(s.site(i), other.tid, site, tid);
            }
        }
        if (summary) {
            int me = pack(tid, clocks.epoch(tid));
            d[base + a] = allSeen ? me : INVALID;
            if (write) {
                d[base + w] = writesSeen ? me : INVALID;
            }
        }
    }
}
