package benchmarks.raytrace;

/**
 * Whitted-style ray tracing of the scene: nearest hit among the spheres and the floor, Phong
 * shading with a shadow ray per light, mirror reflection up to a fixed depth, 3 x 3 samples per
 * pixel. One tracer per renderer thread: its scratch (the nearest hit, the colour being summed)
 * is its own.
 */
final class Tracer {
    private static final double EPS = 1e-6;
    private static final int DEPTH = 4;
    private static final int FLOOR = -2;

    private final Scene scene;
    private final int width;
    private final int height;
    /** This tracer's scratch: the last nearest hit and the colour of the pixel being summed. */
    private final Hit hit = new Hit();
    private final double[] colour = new double[3];
    private final double ux, uy, uz, vx, vy, vz, wx, wy, wz;

    private static final class Hit {
        double t;
        int index;
    }

    Tracer(Scene scene, int width, int height) {
        this.scene = scene;
        this.width = width;
        this.height = height;
        double[] e = scene.eye, l = scene.lookAt;
        double fx = l[0] - e[0], fy = l[1] - e[1], fz = l[2] - e[2];
        double fn = Math.sqrt(fx * fx + fy * fy + fz * fz);
        wx = fx / fn; wy = fy / fn; wz = fz / fn;
        // right = forward x up(0,1,0); up' = right x forward
        double rx = -wz, rz = wx;
        double rn = Math.sqrt(rx * rx + rz * rz);
        ux = rx / rn; uy = 0; uz = rz / rn;
        vx = uy * wz - uz * wy; vy = uz * wx - ux * wz; vz = ux * wy - uy * wx;
    }

    /** The packed RGB value of pixel (x, y), averaged over 3 x 3 samples. */
    int pixel(int x, int y) {
        double[] c = colour;
        c[0] = 0; c[1] = 0; c[2] = 0; // @site colourClear
        double scale = Math.tan(Math.toRadians(30)) / (height / 2.0);
        for (int s = 0; s < 9; s++) {
            double px = (x + (1 + 2 * (s % 3)) / 6.0 - width / 2.0) * scale;
            double py = (height / 2.0 - y - (1 + 2 * (s / 3)) / 6.0) * scale;
            double dx = wx + px * ux + py * vx, dy = wy + px * uy + py * vy, dz = wz + px * uz + py * vz;
            double dn = Math.sqrt(dx * dx + dy * dy + dz * dz);
            double[] e = scene.eye;
            trace(e[0], e[1], e[2], dx / dn, dy / dn, dz / dn, 0, 1 / 9.0); // @site eyeRead
        }
        int r = channel(c[0]), g = channel(c[1]), b = channel(c[2]); // @site colourRead
        return r << 16 | g << 8 | b;
    }

    private static int channel(double v) {
        return (int) Math.round(255 * Math.min(1, Math.max(0, v)));
    }

    /** Adds weight x the colour seen along the ray (o, d) to this tracer's colour sum. */
    private void trace(double ox, double oy, double oz, double dx, double dy, double dz, int depth, double weight) {
        if (!nearest(ox, oy, oz, dx, dy, dz)) {
            double sky = 0.3 + 0.5 * Math.max(0, dy);
            add(weight * sky * 0.6, weight * sky * 0.75, weight * sky);
            return;
        }
        double t = hit.t; // @site hitRead
        int index = hit.index; // @site hitIndex
        double hx = ox + t * dx, hy = oy + t * dy, hz = oz + t * dz;
        double nx, ny, nz, red, green, blue, reflect;
        if (index == FLOOR) {
            nx = 0; ny = 1; nz = 0;
            boolean dark = ((int) Math.floor(hx) + (int) Math.floor(hz) & 1) == 0;
            red = dark ? 0.15 : 0.85; green = red; blue = red;
            reflect = 0.25;
        } else {
            Sphere s = scene.spheres[index]; // @site sphereAt
            nx = (hx - s.cx) / s.radius; ny = (hy - s.cy) / s.radius; nz = (hz - s.cz) / s.radius; // @site normalRead
            red = s.red; green = s.green; blue = s.blue; reflect = s.reflect; // @site materialRead
        }
        double light = 0.1;
        double specular = 0;
        double[][] lights = scene.lights;
        for (int li = 0; li < lights.length; li++) {
            double[] l = lights[li]; double lx = l[0] - hx, ly = l[1] - hy, lz = l[2] - hz, power = l[3]; // @site lightRead
            double dist = Math.sqrt(lx * lx + ly * ly + lz * lz);
            lx /= dist; ly /= dist; lz /= dist;
            double cos = nx * lx + ny * ly + nz * lz;
            if (cos > 0 && !shadowed(hx + 1e-4 * nx, hy + 1e-4 * ny, hz + 1e-4 * nz, lx, ly, lz, dist)) {
                light += power * cos;
                double rd = 2 * cos * (nx * dx + ny * dy + nz * dz) - (lx * dx + ly * dy + lz * dz);
                if (rd > 0) {
                    specular += power * Math.pow(rd, 20);
                }
            }
        }
        double local = weight * (1 - reflect);
        add(local * red * light + weight * specular, local * green * light + weight * specular, local * blue * light + weight * specular);
        if (depth < DEPTH && reflect > 0) {
            double dn = 2 * (nx * dx + ny * dy + nz * dz);
            trace(hx + 1e-4 * nx, hy + 1e-4 * ny, hz + 1e-4 * nz, dx - dn * nx, dy - dn * ny, dz - dn * nz, depth + 1, weight * reflect);
        }
    }

    private void add(double r, double g, double b) {
        double[] c = colour;
        c[0] += r; c[1] += g; c[2] += b; // @site colourAdd
    }

    /** The nearest hit along (o, d) into this tracer's hit record; false if the ray escapes. */
    private boolean nearest(double ox, double oy, double oz, double dx, double dy, double dz) {
        double best = Double.MAX_VALUE;
        int index = -1;
        Sphere[] spheres = scene.spheres;
        for (int i = 0; i < spheres.length; i++) {
            Sphere s = spheres[i]; double lx = s.cx - ox, ly = s.cy - oy, lz = s.cz - oz, r2 = s.r2; // @site sphereRead
            double b = lx * dx + ly * dy + lz * dz;
            double disc = b * b - (lx * lx + ly * ly + lz * lz) + r2;
            if (disc > 0) {
                double t = b - Math.sqrt(disc);
                if (t > EPS && t < best) {
                    best = t;
                    index = i;
                }
            }
        }
        if (dy < 0) {
            double t = -oy / dy;
            if (t > EPS && t < best) {
                best = t;
                index = FLOOR;
            }
        }
        hit.t = best; hit.index = index; // @site hitWrite
        return index != -1;
    }

    /** Whether a sphere stands between the point o and a light dist away in direction d. */
    private boolean shadowed(double ox, double oy, double oz, double dx, double dy, double dz, double dist) {
        Sphere[] spheres = scene.spheres;
        for (int i = 0; i < spheres.length; i++) {
            Sphere s = spheres[i]; double lx = s.cx - ox, ly = s.cy - oy, lz = s.cz - oz, r2 = s.r2; // @site shadowRead
            double b = lx * dx + ly * dy + lz * dz;
            double disc = b * b - (lx * lx + ly * ly + lz * lz) + r2;
            if (disc > 0) {
                double t = b - Math.sqrt(disc);
                if (t > EPS && t < dist) {
                    return true;
                }
            }
        }
        return false;
    }
}
