package racepipe.dynamic.detect;

/**
 * O'Callahan and Choi's hybrid test: the lockset pair test, and the two accesses not ordered by
 * happens-before built from start, join and wait/notify only (no lock edges).
 */
public final class HybridDetector implements Detector {
    private final PairTable pairs = new PairTable();
    private final ClockTracker clocks = new ClockTracker(false);

    @Override
    public String name() {
        return "hybrid";
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
        for (int i = 0, n = h.size(); i < n; i++) {
            AccessHistory.Entry e = h.get(i);
            if (e.tid != tid && (write || e.write) && !e.excludes(held, exclusive) && !now.sees(e.tid, e.clock)) {
                pairs.record(e.site, e.tid, site, tid);
            }
        }
        h.note(tid, site, write, held, exclusive, now.get(tid));
    }
}
