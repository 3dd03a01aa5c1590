package racepipe.dynamic.detect.reference;

/**
 * Eraser (Savage et al., "Eraser: A Dynamic Data Race Detector for Multithreaded Programs",
 * TOCS 1997): per location the Virgin / Exclusive / Shared / Shared-Modified state
 * machine and a candidate lockset C(v), refined by the locks held in any mode on reads and by
 * the exclusively held ones on writes (the reader-writer rule). It warns in Shared-Modified with
 * C(v) empty, and reports the statement pairs behind the warning: the accesses since the
 * location became shared whose protecting sets are disjoint.
 */
public final class EraserDetector implements Detector {
    private static final int EXCLUSIVE = 1, SHARED = 2, SHARED_MODIFIED = 3;

    private static final class State {
        int mode = EXCLUSIVE;
        int owner;
        LockSet candidates; // null: all locks
        final AccessHistory shared = new AccessHistory(true, false);
    }

    private final PairTable pairs = new PairTable();

    @Override
    public String name() {
        return "eraser";
    }

    @Override
    public PairTable pairs() {
        return pairs;
    }

    @Override
    public void access(int tid, Shadow location, int slot, int site, boolean write, LockSet held, LockSet exclusive) {
        State s = (State) location.state[slot];
        if (s == null) { // Virgin: the first access makes tid the owner
            s = new State();
            s.owner = tid;
            location.state[slot] = s;
            return;
        }
        if (s.mode == EXCLUSIVE) {
            if (tid == s.owner) {
                return;
            }
            s.mode = write ? SHARED_MODIFIED : SHARED;
        } else if (s.mode == SHARED && write) {
            s.mode = SHARED_MODIFIED;
        }
        LockSet protecting = write ? exclusive : held;
        s.candidates = s.candidates == null ? protecting : s.candidates.intersect(protecting);
        boolean warn = s.mode == SHARED_MODIFIED && s.candidates.isEmpty();
        AccessHistory h = s.shared;
        long key = AccessHistory.key(tid, site, write);
        int mine = -1;
        for (int i = 0, n = h.size(); i < n; i++) {
            int other = h.tid(i);
            if (other == tid) {
                if (mine < 0 && h.is(i, key, held, exclusive)) {
                    mine = i;
                }
            } else if (warn && (write || h.write(i)) && !(h.write(i) ? h.exclusive(i) : h.held(i)).intersects(protecting)) {
                pairs.record(h.site(i), other, site, tid);
            }
        }
        h.note(mine, tid, site, write, held, exclusive, 0);
    }
}
