package benchmarks.particles;

/**
 * One of the simulation's threads. It integrates a contiguous block of particles [lo, hi) and
 * computes the forces of the rows id, id + T, id + 2T, ... (cyclic, so the half lists j > i
 * balance) into its own force array; a step is three phases separated by the tournament barrier:
 *
 * <ol>
 * <li>move: half kick and drift of its block (velocity Verlet); if a particle has moved more than
 * half the skin since the lists were built, it asks every worker to rebuild them this step;</li>
 * <li>forces: (rebuild its neighbour lists,) clear its force array, add every pair within the
 * cutoff to it, both ends (Newton's third law);</li>
 * <li>reduce: the total force on each particle of its block is the sum of every worker's share;
 * second half kick; kinetic energy into its slot.</li>
 * </ol>
 * After the third barrier worker 0 records the step's energy from the slots.
 */
final class Worker implements Runnable {
    private static final double DT = 0.005;
    private static final double RC2 = Md.CUTOFF * Md.CUTOFF;
    private static final double RL2 = (Md.CUTOFF + Md.SKIN) * (Md.CUTOFF + Md.SKIN);
    private static final double MOVED2 = Md.SKIN * Md.SKIN / 4;
    private static final double ECUT = 4 * (Math.pow(Md.CUTOFF, -12) - Math.pow(Md.CUTOFF, -6));

    private final Md md;
    private final TournamentBarrier barrier;
    private final int id;
    private final int threads;
    private final int steps;
    private final int lo;
    private final int hi;
    private final int rows;
    /** This worker's share of the force on every particle, 3 per particle. */
    private final double[] force;
    /** The total force on its block, 3 per particle of [lo, hi). */
    private final double[] total;
    /** Its block's positions when the lists were last built. */
    private final double[] home;
    /** Neighbour lists of its rows (j > i within cutoff + skin), compressed: first[r] .. first[r + 1]. */
    private final int[] first;
    private final int[] list;

    Worker(Md md, TournamentBarrier barrier, int id, int steps) {
        this.md = md;
        this.barrier = barrier;
        this.id = id;
        this.threads = md.threads;
        this.steps = steps;
        this.lo = id * md.n / threads;
        this.hi = (id + 1) * md.n / threads;
        this.rows = (md.n - id + threads - 1) / threads;
        this.force = new double[3 * md.n];
        this.total = new double[3 * (hi - lo)];
        this.home = new double[3 * (hi - lo)];
        this.first = new int[rows + 1];
        // a half list never holds more than a full sphere's neighbours; in a liquid that is at
        // most about twice the mean count (particles cannot overlap)
        double sphere = 4 * Math.PI / 3 * Math.pow(Md.CUTOFF + Md.SKIN, 3) * Md.DENSITY;
        this.list = new int[(int) (rows * 2 * sphere) + 64];
        md.partial[id] = force; // @site partialInit
    }

    @Override
    public void run() {
        boolean sense = false;
        forces(0);
        barrier.await(id, sense = !sense);
        reduce(0);
        barrier.await(id, sense = !sense);
        if (id == 0) {
            record(0);
        }
        for (int step = 1; step <= steps; step++) {
            move(step);
            barrier.await(id, sense = !sense);
            forces(step);
            barrier.await(id, sense = !sense);
            reduce(step);
            barrier.await(id, sense = !sense);
            if (id == 0) {
                record(step);
            }
        }
    }

    /** Half kick and drift of the block; a flag for the rebuild if a particle went too far. */
    private void move(int step) {
        double[] p = md.pos;
        double[] v = md.vel;
        double side = md.side;
        boolean far = false;
        for (int i = lo; i < hi; i++) {
            double moved = 0;
            for (int c = 0; c < 3; c++) {
                int k = 3 * i + c;
                int b = 3 * (i - lo) + c;
                double vk = v[k] + 0.5 * DT * total[b]; v[k] = vk; // @site velWrite
                double x = p[k] + DT * vk; // @site posOld
                x = x >= side ? x - side : x < 0 ? x + side : x;
                p[k] = x; // @site posWrite
                double d = image(x - home[b], side); // @site homeRead
                moved += d * d;
            }
            far |= moved > MOVED2;
        }
        if (far) {
            // every worker that finds a particle too far writes the same step number: no lock
            md.rebuildStep = step; // @site rebuildSet
        }
    }

    /** This worker's rows: every pair within the cutoff, into its own force array. */
    private void forces(int step) {
        if (md.rebuildStep == step) { // @site rebuildCheck
            build();
        }
        double[] f = force;
        for (int k = 0; k < f.length; k++) {
            f[k] = 0; // @site forceClear
        }
        double[] p = md.pos;
        double side = md.side;
        double pe = 0;
        int count = 0;
        for (int r = 0, i = id; r < rows; r++, i += threads) {
            int ki = 3 * i;
            double xi = p[ki], yi = p[ki + 1], zi = p[ki + 2]; // @site posRead
            double fx = 0, fy = 0, fz = 0;
            for (int m = first[r], end = first[r + 1]; m < end; m++) { // @site listRead
                int kj = 3 * list[m]; // @site listEntry
                double dx = image(xi - p[kj], side), dy = image(yi - p[kj + 1], side), dz = image(zi - p[kj + 2], side); // @site pairRead
                double r2 = dx * dx + dy * dy + dz * dz;
                if (r2 < RC2) {
                    double sr2 = 1 / r2;
                    double sr6 = sr2 * sr2 * sr2;
                    double g = 48 * sr6 * (sr6 - 0.5) * sr2;
                    pe += 4 * sr6 * (sr6 - 1) - ECUT;
                    count++;
                    fx += g * dx; fy += g * dy; fz += g * dz;
                    f[kj] -= g * dx; f[kj + 1] -= g * dy; f[kj + 2] -= g * dz; // @site forceAcc
                }
            }
            f[ki] += fx; f[ki + 1] += fy; f[ki + 2] += fz; // @site forceOwn
        }
        md.potential[id] = pe; // @site potSlot
        // a statistic, and one add per worker per step: "not worth a lock"
        md.interactions += count; // @site interactions
    }

    /** Total force on the block from every worker's share; second half kick; kinetic energy. */
    private void reduce(int step) {
        double[] v = md.vel;
        double[][] shares = md.partial;
        double ke = 0;
        for (int i = lo; i < hi; i++) {
            for (int c = 0; c < 3; c++) {
                int k = 3 * i + c;
                double s = 0;
                for (int u = 0; u < threads; u++) {
                    s += shares[u][k]; // @site forceSum
                }
                total[3 * (i - lo) + c] = s; // @site totalWrite
                double vk = step > 0 ? v[k] + 0.5 * DT * s : v[k]; // @site kickRead
                v[k] = vk; // @site kick
                ke += vk * vk;
            }
        }
        md.kinetic[id] = 0.5 * ke; // @site kinSlot
    }

    /** Worker 0, after the step's last barrier: total energy per particle. */
    private void record(int step) {
        double e = 0;
        for (int u = 0; u < threads; u++) {
            e += md.kinetic[u] + md.potential[u]; // @site energySum
        }
        md.energy[step] = e / md.n; // @site energyWrite
    }

    /** Neighbour lists of this worker's rows, from the current positions. */
    private void build() {
        double[] p = md.pos;
        double side = md.side;
        int n = md.n;
        int m = 0;
        for (int r = 0, i = id; r < rows; r++, i += threads) {
            first[r] = m; // @site firstWrite
            double xi = p[3 * i], yi = p[3 * i + 1], zi = p[3 * i + 2]; // @site buildRow
            for (int j = i + 1; j < n; j++) {
                double dx = image(xi - p[3 * j], side), dy = image(yi - p[3 * j + 1], side), dz = image(zi - p[3 * j + 2], side); // @site buildRead
                if (dx * dx + dy * dy + dz * dz < RL2) {
                    if (m == list.length) {
                        throw new IllegalStateException("neighbour list overflow at particle " + i);
                    }
                    list[m++] = j; // @site listWrite
                }
            }
        }
        first[rows] = m; // @site firstEnd
        for (int k = 3 * lo; k < 3 * hi; k++) {
            home[k - 3 * lo] = p[k]; // @site homeWrite
        }
        synchronized (md) {
            md.listPairs += m; // @site listPairs
        }
        if (id == 0) {
            md.rebuilds++; // @site rebuildCount
        }
    }

    /** The minimum image of a coordinate difference in the periodic box. */
    private static double image(double d, double side) {
        return d > 0.5 * side ? d - side : d < -0.5 * side ? d + side : d;
    }
}
