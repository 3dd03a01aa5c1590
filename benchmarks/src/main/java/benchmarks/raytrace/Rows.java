package benchmarks.raytrace;

/** Hands out the rows of the picture, one at a time, to whichever renderer asks next. */
final class Rows {
    private final int height;
    private int next;

    Rows(int height) {
        this.height = height;
    }

    /** The next row to render, or -1 when all are taken. */
    synchronized int take() {
        int row = next; // @site rowTake
        if (row == height) {
            return -1;
        }
        next = row + 1; // @site rowNext
        return row;
    }
}
