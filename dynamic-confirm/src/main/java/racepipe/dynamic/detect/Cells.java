package racepipe.dynamic.detect;

/**
 * The detectors' state for the cells of one array, flat: per cell a {@link Shape} reference and
 * a fixed number of ints in one array, so a loop over the array walks its shadow in order too
 * (no object per cell, no pointer to chase). A cell whose state outgrows its ints moves to a
 * {@link Shadow} of its own. Made by {@link EventHub#newCells}.
 */
public final class Cells {
    final Shape[] shapes;  // null: no access yet
    final int[] data;      // EventHub's cell ints per cell; null when the detectors keep none
    Shadow[] spilled;      // the cells that outgrew their ints; null while none has

    Cells(int length, int ints) {
        this.shapes = new Shape[length];
        this.data = ints == 0 ? null : new int[length * ints];
    }

    public int length() {
        return shapes.length;
    }
}
