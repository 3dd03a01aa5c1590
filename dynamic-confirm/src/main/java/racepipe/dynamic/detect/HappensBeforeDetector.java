package racepipe.dynamic.detect;

/**
 * Happens-before with vector clocks and FastTrack epochs: each location keeps, per (thread,
 * site, kind), the epoch of its latest access; a new access races with every kept epoch of
 * another thread that its clock has not seen (one write among the two). Edges: locks
 * (read-mode aware), start/join, wait/notify, volatile write to read.
 */
public final class HappensBeforeDetector implements Detector {
    private final PairTable pairs = new PairTable();
    private final ClockTracker clocks = new ClockTracker(true);

    @Override
    public String name() {
        return "hb";
    }

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
    public void acquire(int tid, int lock, boolean exclusive) {
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
        clocks.waitReturn(tid, monitor);
    }

    @Override
    public void volatileAccess(int tid, int variable, boolean write) {
        clocks.volatileAccess(tid, variable, write);
    }

    @Override
    public void access(int tid, Shadow location, int slot, int site, boolean write, LockSet held, LockSet exclusive) {
        AccessHistory h = (AccessHistory) location.state[slot];
        if (h == null) {
            location.state[slot] = h = new AccessHistory();
        }
        VectorClock now = clocks.of(tid);
        for (int i = 0, n = h.size(); i < n; i++) {
            AccessHistory.Entry e = h.get(i);
            if (e.tid != tid && (write || e.write) && !now.sees(e.tid, e.clock)) {
                pairs.record(e.site, e.tid, site, tid);
            }
        }
        h.note(tid, site, write, null, null, now.get(tid));
    }
}
