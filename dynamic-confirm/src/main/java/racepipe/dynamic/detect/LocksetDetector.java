package racepipe.dynamic.detect;

/**
 * The pure lockset pair test: two accesses by different threads to one location, one a write,
 * and no lock that one holds exclusively and the other holds at all.
 */
public final class LocksetDetector implements Detector {
    private final PairTable pairs = new PairTable();

    @Override
    public String name() {
        return "ls";
    }

    @Override
    public PairTable pairs() {
        return pairs;
    }

    @Override
    public void access(int tid, Shadow location, int slot, int site, boolean write, LockSet held, LockSet exclusive) {
        AccessHistory h = (AccessHistory) location.state[slot];
        if (h == null) {
            location.state[slot] = h = new AccessHistory();
        }
        AccessHistory.Entry mine = null;
        for (int i = 0, n = h.size(); i < n; i++) {
            AccessHistory.Entry e = h.get(i);
            if (e.tid == tid) {
                if (mine == null && e.is(site, write, held, exclusive)) {
                    mine = e;
                }
            } else if ((write || e.write) && !e.excludes(held, exclusive)) {
                pairs.record(e.site, e.tid, site, tid);
            }
        }
        h.note(mine, tid, site, write, held, exclusive, 0);
    }
}
