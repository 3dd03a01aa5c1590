package benchmarks.raytrace;

/** A sphere of the scene: geometry and material, set once by main while it builds the scene. */
final class Sphere {
    double cx, cy, cz, radius, r2;
    double red, green, blue, reflect;

    Sphere(double cx, double cy, double cz, double radius, double red, double green, double blue, double reflect) {
        this.cx = cx; this.cy = cy; this.cz = cz; this.radius = radius; this.r2 = radius * radius; // @site sphereInit
        this.red = red; this.green = green; this.blue = blue; this.reflect = reflect; // @site materialInit
    }
}
