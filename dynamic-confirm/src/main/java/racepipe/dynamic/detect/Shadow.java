package racepipe.dynamic.detect;

/**
 * The detectors' state for one memory location (a field of an object, a static, an array cell
 * that outgrew its {@link Cells}): the distinct accesses it has seen (a shared {@link Shape})
 * and the detectors' ints, laid out by {@link EventHub}: each detector's per-location ints, then
 * per entry of the shape each detector's per-entry ints.
 */
public final class Shadow {
    Shape shape;
    int[] data;
    /** A run-wide id, used to name a volatile variable. */
    public final int id;

    Shadow(Shape shape, int id) {
        this.shape = shape;
        this.id = id;
    }
}
