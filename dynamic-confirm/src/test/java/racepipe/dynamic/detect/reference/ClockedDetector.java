package racepipe.dynamic.detect.reference;

/**
 * A detector that orders accesses by vector clocks: a new access races with every kept access
 * of another thread that its clock has not seen (FastTrack's epoch test), one of them a write,
 * when {@link #mayRace} also holds. Which edges the clocks carry is the subclass's choice.
 */
abstract class ClockedDetector implements Detector {
    private final PairTable pairs = new PairTable();
    final ClockTracker clocks;

    ClockedDetector(boolean lockEdges) {
        this.clocks = new ClockTracker(lockEdges);
    }

    /** The extra condition of this detector (hybrid: the lockset test); HB: none. */
    abstract boolean mayRace(AccessHistory h, int earlier, LockSet held, LockSet exclusive);

    /** Whether the history keeps locksets apart (hybrid) or only (thread, site, kind) (HB). */
    abstract boolean keepsLocks();

    @Override
    public PairTable pairs() {
        return pairs;
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

    @Override
    public void access(int tid, Shadow location, int slot, int site, boolean write, LockSet held, LockSet exclusive) {
        AccessHistory h = (AccessHistory) location.state[slot];
        if (h == null) {
            location.state[slot] = h = new AccessHistory(keepsLocks(), true);
        }
        VectorClock now = clocks.of(tid);
        long key = AccessHistory.key(tid, site, write);
        int mine = -1;
        for (int i = 0, n = h.size(); i < n; i++) {
            int other = h.tid(i);
            if (other == tid) {
                if (mine < 0 && h.is(i, key, held, exclusive)) {
                    mine = i;
                }
            } else if ((write || h.write(i)) && !now.sees(other, h.clock(i)) && mayRace(h, i, held, exclusive)) {
                pairs.record(h.site(i), other, site, tid);
            }
        }
        h.note(mine, tid, site, write, held, exclusive, now.get(tid));
    }
}
