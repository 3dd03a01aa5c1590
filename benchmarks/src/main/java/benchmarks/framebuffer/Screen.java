package benchmarks.framebuffer;

import java.util.Arrays;

/**
 * The front buffer the display scans out, a thumbnail strip kept under the screen's lock, and a
 * count of presented frames (written under the lock, read without it for the frame-rate line).
 */
final class Screen {
    static final int THUMB = 160;
    private final int[] front;
    private final int[] thumb = new int[THUMB];
    private final Object lock = new Object();
    private int presented;

    Screen(int width, int height) {
        front = new int[width * height];
    }

    int pixels() {
        return front.length;
    }

    /** The event loop: the frame becomes visible (unsynchronized copy: the display may see half of it). */
    void present(int[] back) {
        System.arraycopy(back, 0, front, 0, front.length); // @site present
        synchronized (lock) {
            System.arraycopy(back, 0, thumb, 0, THUMB); // @site thumbWrite
            presented++; // @site presentedInc
        }
    }

    /** The display: a frame is whole when every pixel carries the same frame number. */
    void scanOut() {
        for (int i = 1, first = front[0]; i < front.length; i++) if (front[i] != first) throw new IllegalStateException("torn frame at pixel " + i); // @site scan
    }

    /** The recorder: a copy of the thumbnail strip, taken under the lock. */
    long saveThumbnail() {
        int[] saved;
        synchronized (lock) {
            saved = Arrays.copyOf(thumb, THUMB); // @site thumbRead
        }
        return saved[0] + saved[THUMB - 1];
    }

    int presented() {
        synchronized (lock) {
            return presented; // @site presentedRead
        }
    }

    /** The display's frame-rate line: a glance at the count without the lock. */
    int presentedGlance() {
        return presented; // @site presentedGlance
    }
}
