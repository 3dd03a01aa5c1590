package racepipe.dynamic.detect;

/**
 * A detector that orders accesses by vector clocks: a new access races with every entry of the
 * location by another thread whose latest epoch (FastTrack's clock@thread) its clock has not
 * seen, one of the two a write, when {@link #mayRace} also holds. Which edges the clocks carry is
 * the subclass's choice.
 * <p>Per entry one int, the epoch of its latest access; per location four, FastTrack's summary
 * of them: the last write's epoch W, valid while every write entry happened before it, and the
 * last access's epoch A, valid while every entry happened before it. Three paths, cheapest first:
 * <ul>
 * <li>same epoch: the entry's epoch is the thread's present one: nothing can be new (anything
 * another thread did since was checked against this very epoch, and the thread's clock has only
 * grown);
 * <li>ordered: a read that has seen W, a write that has seen A, has seen every entry it could
 * race with: no race, the summary moves on to this access;
 * <li>otherwise every entry is checked, as in the original detector, and the summary is
 * rebuilt from what the check saw.
 * </ul>
 * An epoch in the summary is two ints: thread + 1 (0: no access yet, -1: not valid) and clock.
 */
abstract class ClockedDetector implements Detector {
    private final PairTable pairs = new PairTable();
    final ClockTracker clocks;
    private int w, a, entries, stride; // W at w, w + 1; A at a, a + 1

    ClockedDetector(boolean lockEdges) {
        this.clocks = new ClockTracker(lockEdges);
    }

    /** The extra condition of this detector (hybrid: the lockset test); HB: none. */
    abstract boolean mayRace(Context earlier, Context now);

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
        this.a = location + 2;
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

    /** The summary epoch at d[i], d[i + 1] happened before the present of tid (whose clock is now). */
    private static boolean sees(int[] d, int i, int tid, VectorClock now) {
        int t = d[i];
        return t == 0 || t == tid + 1 || t > 0 && d[i + 1] <= now.get(t - 1);
    }

    @Override
    public void access(Shadow location, int e, boolean fresh, Context by) {
        int tid = by.tid;
        VectorClock now = clocks.of(tid);
        int clock = now.get(tid);
        int[] d = location.data;
        int mine = entries + e * stride;
        if (d[mine] == clock && !fresh) {
            return;
        }
        boolean write = location.shape.write(e);
        if (write ? sees(d, a, tid, now) : sees(d, w, tid, now)) {
            if (write) {
                d[w] = tid + 1;
                d[w + 1] = clock;
                d[a] = tid + 1;
                d[a + 1] = clock;
            } else if (sees(d, a, tid, now)) {
                d[a] = tid + 1;
                d[a + 1] = clock;
            } else {
                d[a] = -1;
            }
        } else {
            check(location, e, write, by, now);
        }
        d[mine] = clock;
    }

    /** Every entry against this access: reports the races and rebuilds the summary. */
    private void check(Shadow location, int e, boolean write, Context by, VectorClock now) {
        int[] d = location.data;
        Shape s = location.shape;
        int tid = by.tid;
        int site = s.site(e);
        boolean allSeen = true, writesSeen = true;
        for (int i = 0, n = s.size(); i < n; i++) {
            Context other = s.who(i);
            if (other.tid == tid || d[entries + i * stride] <= now.get(other.tid)) {
                continue;
            }
            boolean otherWrite = s.write(i);
            allSeen = false;
            writesSeen &= !otherWrite;
            if ((write || otherWrite) && mayRace(other, by)) {
                pairs.record(s.site(i), other.tid, site, tid);
            }
        }
        int clock = now.get(tid);
        d[a] = allSeen ? tid + 1 : -1;
        d[a + 1] = clock;
        if (write) {
            d[w] = writesSeen ? tid + 1 : -1;
            d[w + 1] = clock;
        }
    }
}
