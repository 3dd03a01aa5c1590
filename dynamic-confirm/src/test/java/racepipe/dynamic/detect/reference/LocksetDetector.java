package racepipe.dynamic.detect.reference;

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
            location.state[slot] = h = new AccessHistory(true, false);
        }
        long key = AccessHistory.key(tid, site, write);
        int mine = -1;
        for (int i = 0, n = h.size(); i < n; i++) {
            int other = h.tid(i);
            if (other == tid) {
                if (mine < 0 && h.is(i, key, held, exclusive)) {
                    mine = i;
                }
            } else if ((write || h.write(i)) && !h.excludes(i, held, exclusive)) {
                pairs.record(h.site(i), other, site, tid);
            }
        }
        h.note(mine, tid, site, write, held, exclusive, 0);
    }
}
