package benchmarks.sor;

/**
 * The SOR kernel (as in the Java Grande / ETH suites the RaceFuzzer paper ran), the suite's
 * compute-heavy performance kernel: two workers relax a grid for 40 + n / 8 iterations,
 * synchronising with CyclicBarriers. The first argument is the grid's interior size n: the
 * default 16 is a few milliseconds of work, small enough for hundreds of Phase 2 trials on the
 * hot-loop pairs; 2500 runs for over 2 s plain, 3000 for about 5 s.
 */
public final class Main {
    private static final int WORKERS = 2;

    public static void main(String[] args) throws InterruptedException {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 16;
        int iterations = 40 + n / 8;
        double[][] g = new double[n + 2][n + 2];
        for (int i = 0; i < n + 2; i++) {
            for (int j = 0; j < n + 2; j++) {
                boolean border = i == 0 || j == 0 || i == n + 1 || j == n + 1;
                g[i][j] = border ? 1.0 : ((i * 31 + j * 17) % 100) / 100.0; // @site init
            }
        }
        Solver solver = new Solver(g, 1.25, iterations, WORKERS);
        Thread[] workers = new Thread[WORKERS];
        for (int w = 0; w < WORKERS; w++) {
            int lo = 1 + w * n / WORKERS;
            int hi = 1 + (w + 1) * n / WORKERS;
            workers[w] = new Thread(() -> solver.work(lo, hi), "Worker-" + (w + 1));
            workers[w].start();
        }
        for (Thread t : workers) {
            t.join();
        }
        double sum = 0;
        for (int i = 1; i <= n; i++) {
            for (int j = 1; j <= n; j++) {
                sum += g[i][j]; // @site total
            }
        }
        double[] history = solver.history();
        System.out.printf("sor: n=%d, %d iterations, mean %.6f, last residual %.3g%n",
                n, iterations, sum / ((double) n * n), history[iterations - 1]); // @site result
    }
}
