package racepipe.dynamic.detect;

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
    abstract boolean mayRace(AccessHistory.Entry earlier, LockSet held, LockSet exclusive);

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
            location.state[slot] = h = new AccessHistory();
        }
        VectorClock now = clocks.of(tid);
        boolean locks = keepsLocks();
        LockSet keyHeld = locks ? held : null, keyExclusive = locks ? exclusive : null;
        AccessHistory.Entry mine = null;
        for (int i = 0, n = h.size(); i < n; i++) {
            AccessHistory.Entry e = h.get(i);
            if (e.tid == tid) {
                if (mine == null && e.is(site, write, keyHeld, keyExclusive)) {
                    mine = e;
                }
            } else if ((write || e.write) && !now.sees(e.tid, e.clock) && mayRace(e, held, exclusive)) {
                pairs.record(e.site, e.tid, site, tid);
            }
        }
        h.note(mine, tid, site, write, keyHeld, keyExclusive, now.get(tid));
    }
}
