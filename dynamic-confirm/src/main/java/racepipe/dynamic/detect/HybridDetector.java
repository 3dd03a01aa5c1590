package racepipe.dynamic.detect;

/**
 * O'Callahan and Choi's hybrid test: the lockset pair test, and the two accesses not ordered by
 * happens-before built from start, join and wait/notify only (no lock edges).
 */
public final class HybridDetector extends ClockedDetector {
    public HybridDetector() {
        super(false, false);
    }

    @Override
    public String name() {
        return "hybrid";
    }

    @Override
    boolean mayRace(Context earlier, Context now) {
        return !earlier.excludes(now);
    }
}
