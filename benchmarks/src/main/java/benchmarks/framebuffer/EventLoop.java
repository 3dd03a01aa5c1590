package benchmarks.framebuffer;

import java.util.Arrays;

/**
 * The render thread: draws each frame into its own back buffer (the frame number on every pixel,
 * Arrays.fill then a sprite row) and presents it.
 */
final class EventLoop {
    private final Screen screen;
    private final int frames;
    private final int[] back;
    private volatile boolean done;

    EventLoop(Screen screen, int frames) {
        this.screen = screen;
        this.frames = frames;
        this.back = new int[screen.pixels()];
    }

    void run() {
        int[] sprite = new int[32];
        for (int f = 1; f <= frames; f++) {
            Arrays.fill(back, f); // @site draw
            Arrays.fill(sprite, f);
            System.arraycopy(sprite, 0, back, 160 * 60 + 64, sprite.length); // @site blit
            screen.present(back);
        }
        done = true;
    }

    boolean done() {
        return done;
    }
}
