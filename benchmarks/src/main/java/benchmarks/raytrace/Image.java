package benchmarks.raytrace;

/** The rendered picture, one packed RGB int per pixel, and the renderers' running checksum. */
final class Image {
    final int width;
    final int height;
    final int[] pixels;
    /** The sum of every pixel's packed RGB value, added to by the renderers one row at a time. */
    long checksum;

    Image(int width, int height) {
        this.width = width;
        this.height = height;
        this.pixels = new int[width * height];
    }
}
