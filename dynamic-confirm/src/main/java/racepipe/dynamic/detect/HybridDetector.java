package racepipe.dynamic.detect;

/**
 * O'Callahan and Choi's hybrid test: the lockset pair test, and the two accesses not ordered by
 * happens-before built from start, join, wait/notify and hand-offs only (no lock edges, no volatile
 * variables): a task handed to an executor, an object passed through a concurrent collection
 * (Detector#handOff) are messages, like a notify, ordered the same way in every run that passes them.
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
    public void handOff(int tid, int object, boolean send) {
        clocks.message(tid, object, send);
    }

    @Override
    boolean mayRace(Context earlier, Context now) {
        return !earlier.excludes(now);
    }
}
