package benchmarks.raytrace;

/**
 * A ray tracer in the style of Java Grande's RayTracer (section 3): a small scene of spheres on
 * a checkered floor, rendered by four threads that take rows from a synchronized dispenser, each
 * with its own tracer scratch and line buffer. The picture's checksum is added to one row at a
 * time in a method synchronized on the renderer itself, i.e. on four different monitors: the
 * known race of the kernel. Main prints the checksum and compares it with the picture.
 *
 * <p>First argument: the picture's width (default 640; the height is 3/4 of it). The default
 * runs for about a second plain.
 */
public final class Main {
    private static final int THREADS = 4;

    public static void main(String[] args) throws InterruptedException {
        int width = args.length > 0 ? Integer.parseInt(args[0]) : 640;
        int height = width * 3 / 4;
        Scene scene = new Scene(8);
        Image image = new Image(width, height);
        Rows rows = new Rows(height);
        Thread[] renderers = new Thread[THREADS];
        for (int t = 0; t < THREADS; t++) {
            renderers[t] = new Thread(new Renderer(scene, image, rows), "Renderer-" + t);
        }
        for (Thread r : renderers) {
            r.start();
        }
        for (Thread r : renderers) {
            r.join();
        }
        long sum = 0;
        long lit = 0;
        for (int i = 0; i < width * height; i++) {
            int rgb = image.pixels[i]; // @site pixelRead
            sum += rgb;
            lit += (rgb >> 16 & 255) + (rgb >> 8 & 255) + (rgb & 255);
        }
        long checksum = image.checksum; // @site checksumRead
        System.out.printf("raytrace: %dx%d, %d spheres, checksum %d, mean level %.3f%n",
                width, height, scene.spheres.length, checksum, lit / (3.0 * width * height));
        if (checksum != sum) {
            System.out.println("raytrace: checksum differs from the picture's sum " + sum + " (a row's sum was lost)");
        }
    }
}
