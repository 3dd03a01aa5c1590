package racepipe.dynamic.detect.reference;

/**
 * O'Callahan and Choi's hybrid test: the lockset pair test, and the two accesses not ordered by
 * happens-before built from start, join and wait/notify only (no lock edges).
 */
public final class HybridDetector extends ClockedDetector {
    public HybridDetector() {
        super(false);
    }

    @Override
    public String name() {
        return "hybrid";
    }

    @Override
    boolean mayRace(AccessHistory h, int earlier, LockSet held, LockSet exclusive) {
        return !h.excludes(earlier, held, exclusive);
    }

    @Override
    boolean keepsLocks() {
        return true;
    }
}
