package benchmarks.framebuffer;

/**
 * An event loop that renders frames into a private back buffer and presents each one by copying
 * it with System.arraycopy into the front buffer, which a display thread scans out meanwhile with
 * no lock (the bug: no double-buffer swap under a lock). A recorder thread saves thumbnails,
 * which the loop writes and the recorder copies under the screen's lock (no race). The display
 * checks that each frame it scans is whole: one frame number on every pixel, and prints a
 * frame-rate line now and then from a count it reads without the lock. The first argument is the
 * number of frames.
 */
public final class Main {
    public static void main(String[] args) throws InterruptedException {
        int frames = args.length > 0 ? Integer.parseInt(args[0]) : 60;
        Screen screen = new Screen(160, 120);
        EventLoop loop = new EventLoop(screen, frames);
        Thread render = new Thread(loop::run, "EventLoop");
        Thread display = new Thread(() -> {
            int scans = 0;
            while (!loop.done() && scans < 120) {
                screen.scanOut();
                if (++scans % 40 == 0) {
                    System.out.println("framebuffer: " + screen.presentedGlance() + " frames presented so far");
                }
                Thread.yield();
            }
            System.out.println("framebuffer: " + scans + " scans");
        }, "Display");
        Thread recorder = new Thread(() -> {
            long sum = 0;
            for (int i = 0; i < 30; i++) {
                sum += screen.saveThumbnail();
                Thread.yield();
            }
            System.out.println("framebuffer: thumbnails " + sum);
        }, "Recorder");
        render.start();
        display.start();
        recorder.start();
        render.join();
        display.join();
        recorder.join();
        System.out.println("framebuffer: " + screen.presented() + " frames presented");
    }
}
