package benchmarks.raytrace;

/**
 * The scene: spheres standing on a checkered floor (the plane y = 0), two point lights, a
 * camera. Built by main before the renderers start; only read afterwards.
 */
final class Scene {
    final Sphere[] spheres;
    final double[][] lights = {{-4, 7, -5, 0.7}, {5, 5, -3, 0.5}}; // @site lightsInit
    final double[] eye = {0, 3.2, -8.5}; // @site eyeInit
    final double[] lookAt = {0, 0.6, 1.5};

    Scene(int grid) {
        spheres = new Sphere[grid * grid + 1];
        int s = 0;
        for (int i = 0; i < grid; i++) {
            for (int j = 0; j < grid; j++) {
                double x = (i - (grid - 1) / 2.0) * 0.8;
                double z = (j - (grid - 1) / 2.0) * 0.8 + 1.0;
                double r = 0.2 + 0.08 * ((i + 2 * j) % 3);
                double reflect = (i + j) % 4 == 0 ? 0.5 : 0.15;
                Sphere sphere = new Sphere(x, r, z, r, 0.2 + 0.8 * i / grid, 0.3 + 0.6 * j / grid, 0.9 - 0.7 * (i + j) / (2.0 * grid), reflect);
                spheres[s++] = sphere; // @site sceneFill
            }
        }
        spheres[s] = new Sphere(0, 2.5, 7, 2.5, 0.9, 0.9, 0.95, 0.7); // @site mirrorFill
    }
}
