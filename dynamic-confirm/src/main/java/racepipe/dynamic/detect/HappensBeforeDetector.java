package racepipe.dynamic.detect;

/**
 * Happens-before with vector clocks and FastTrack epochs: each location keeps, per distinct
 * access (thread, locks, site, kind), the epoch of its latest occurrence; a new access races with
 * every kept epoch of another thread that its clock has not seen (one write among the two).
 * Edges: locks (read-mode aware), start/join, wait/notify, volatile write to read, j.u.c
 * synchronisers.
 */
public final class HappensBeforeDetector extends ClockedDetector {
    public HappensBeforeDetector() {
        super(true, true);
    }

    @Override
    public String name() {
        return "hb";
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
    public void volatileAccess(int tid, int variable, boolean write) {
        clocks.volatileAccess(tid, variable, write);
    }

    @Override
    boolean mayRace(Context earlier, Context now) {
        return true;
    }
}
