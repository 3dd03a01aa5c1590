package benchmarks.raytrace;

/**
 * One rendering thread: takes rows from the shared dispenser, traces each into its own line
 * buffer, stores the line into the picture and adds the line's sum to the picture's checksum.
 */
final class Renderer implements Runnable {
    private final Image image;
    private final Rows rows;
    private final Tracer tracer;
    /** This renderer's line buffer. */
    private final int[] line;

    Renderer(Scene scene, Image image, Rows rows) {
        this.image = image;
        this.rows = rows;
        this.tracer = new Tracer(scene, image.width, image.height);
        this.line = new int[image.width];
    }

    @Override
    public void run() {
        int w = image.width;
        for (int y = rows.take(); y >= 0; y = rows.take()) {
            long sum = 0;
            for (int x = 0; x < w; x++) {
                int rgb = tracer.pixel(x, y);
                line[x] = rgb; // @site lineWrite
                sum += rgb;
            }
            int[] pixels = image.pixels;
            for (int x = 0; x < w; x++) {
                pixels[y * w + x] = line[x]; // @site pixelStore
            }
            addToChecksum(sum);
        }
    }

    /**
     * Synchronized, so the checksum looks protected, but the monitor is this renderer's own:
     * every thread holds a different lock and the read-add-write of the shared sum is not atomic.
     */
    private synchronized void addToChecksum(long sum) {
        image.checksum += sum; // @site checksum
    }
}
