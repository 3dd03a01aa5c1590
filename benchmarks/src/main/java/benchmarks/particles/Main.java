package benchmarks.particles;

/**
 * Molecular dynamics in the style of Java Grande's MolDyn (section 3): N = 4 c^3 particles on an
 * fcc lattice in a periodic cube, Lennard-Jones forces with a cutoff of 2.5 sigma, velocity
 * Verlet, Verlet neighbour lists rebuilt whenever a particle has moved half the skin. Four
 * worker threads, synchronised by a tournament barrier written here (volatile flags, spinning).
 * Two fields are shared without a lock: the interaction count (a statistic) and the step at
 * which the lists are rebuilt (every worker that asks writes the same value).
 *
 * <p>First argument: c, the lattice cells per side (default 9: 2916 particles); second: the
 * steps (default 500). The default runs for about a second plain.
 */
public final class Main {
    private static final int THREADS = 4;

    public static void main(String[] args) throws InterruptedException {
        int cells = args.length > 0 ? Integer.parseInt(args[0]) : 9;
        int steps = args.length > 1 ? Integer.parseInt(args[1]) : 500;
        Md md = new Md(cells, THREADS, steps);
        md.initialise(cells, 20261203L);
        TournamentBarrier barrier = new TournamentBarrier(THREADS);
        Thread[] workers = new Thread[THREADS];
        for (int t = 0; t < THREADS; t++) {
            workers[t] = new Thread(new Worker(md, barrier, t, steps), "Particles-" + t);
        }
        for (Thread w : workers) {
            w.start();
        }
        for (Thread w : workers) {
            w.join();
        }
        double start = md.energy[0]; // @site energyRead
        double end = md.energy[steps]; // @site energyEnd
        double sum2 = 0;
        for (int k = 0; k < 3 * md.n; k++) {
            sum2 += md.vel[k] * md.vel[k]; // @site velFinal
        }
        long interactions = md.interactions; // @site interactionsRead
        long listPairs = md.listPairs; // @site listPairsRead
        int rebuilds = md.rebuilds; // @site rebuildsRead
        if (!(Math.abs(end - start) < 0.01)) {
            throw new IllegalStateException("energy not conserved: " + start + " -> " + end);
        }
        System.out.printf("particles: %d particles, %d steps, energy/particle %.5f -> %.5f, temperature %.4f%n",
                md.n, steps, start, end, sum2 / (3.0 * (md.n - 1)));
        System.out.printf("particles: %d list rebuilds, %.1f neighbours/particle in the lists, %d interactions%n",
                rebuilds, 2.0 * listPairs / ((double) md.n * (rebuilds + 1)), interactions);
    }
}
