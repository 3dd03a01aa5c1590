package benchmarks.particles;

/**
 * The shared state of the simulation: n particles in a periodic cube (reduced Lennard-Jones
 * units: sigma = epsilon = mass = 1), positions and velocities three doubles per particle, each
 * worker's share of the forces, per-worker energy slots and the run's statistics.
 */
final class Md {
    static final double DENSITY = 0.8442;
    static final double TEMPERATURE = 0.722;
    static final double CUTOFF = 2.5;
    static final double SKIN = 0.3;

    final int n;
    final int threads;
    final double side;
    final double[] pos;
    final double[] vel;
    /** partial[t]: worker t's share of every particle's force, read by all in the reduction. */
    final double[][] partial;
    final double[] kinetic;
    final double[] potential;
    /** Total energy per particle after each step, kept by worker 0. */
    final double[] energy;

    /** Interactions computed (pairs within the cutoff), summed over steps: a statistic. */
    long interactions;
    /** The step at which every worker rebuilds its neighbour lists. */
    int rebuildStep;
    /** Pairs in all neighbour lists, summed over the rebuilds. */
    long listPairs;
    int rebuilds;

    Md(int cells, int threads, int steps) {
        this.n = 4 * cells * cells * cells;
        this.threads = threads;
        this.side = cells * Math.cbrt(4 / DENSITY);
        this.pos = new double[3 * n];
        this.vel = new double[3 * n];
        this.partial = new double[threads][];
        this.kinetic = new double[threads];
        this.potential = new double[threads];
        this.energy = new double[steps + 1];
    }

    /** Main, before the workers start: an fcc lattice and velocities at the set temperature. */
    void initialise(int cells, long seed) {
        double a = side / cells;
        double[][] basis = {{0, 0, 0}, {0.5, 0.5, 0}, {0.5, 0, 0.5}, {0, 0.5, 0.5}};
        int i = 0;
        for (int x = 0; x < cells; x++) {
            for (int y = 0; y < cells; y++) {
                for (int z = 0; z < cells; z++) {
                    for (double[] b : basis) {
                        pos[3 * i] = (x + b[0] + 0.25) * a; pos[3 * i + 1] = (y + b[1] + 0.25) * a; pos[3 * i + 2] = (z + b[2] + 0.25) * a; // @site posInit
                        i++;
                    }
                }
            }
        }
        // velocities: a sum of uniforms per component, no net momentum, scaled to the temperature
        long s = seed;
        double[] mean = new double[3];
        double[] v = new double[3 * n];
        for (int k = 0; k < 3 * n; k++) {
            double u = 0;
            for (int r = 0; r < 4; r++) {
                s = s * 6364136223846793005L + 1442695040888963407L;
                u += (s >>> 11) * 0x1.0p-53 - 0.5;
            }
            v[k] = u;
            mean[k % 3] += u / n;
        }
        double sum2 = 0;
        for (int k = 0; k < 3 * n; k++) {
            v[k] -= mean[k % 3];
            sum2 += v[k] * v[k];
        }
        double scale = Math.sqrt(3 * (n - 1) * TEMPERATURE / sum2);
        for (int k = 0; k < 3 * n; k++) {
            vel[k] = v[k] * scale; // @site velInit
        }
    }
}
