package benchmarks.sor;

import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;

/**
 * Red-black successive over-relaxation on an (n + 2) x (n + 2) grid with fixed borders. Each
 * worker owns a band of rows. A red cell's neighbours are black, so the red half-sweep reads only
 * cells the black half-sweep writes and vice versa; a barrier separates the half-sweeps, a
 * second one ends each iteration, so neighbouring bands never race although they read each
 * other's boundary rows.
 */
final class Solver {
    private final double[][] g;
    private final int n;
    private final double omega;
    private final int iterations;
    private final CyclicBarrier halfway;
    private final CyclicBarrier sweepEnd;
    private final double[] history;
    private double maxDelta;
    private int iteration;

    Solver(double[][] g, double omega, int iterations, int workers) {
        this.g = g;
        this.n = g.length - 2;
        this.omega = omega;
        this.iterations = iterations;
        this.history = new double[iterations];
        this.halfway = new CyclicBarrier(workers);
        // the action runs once per iteration, in the last worker to arrive, before any goes on
        this.sweepEnd = new CyclicBarrier(workers, this::endOfIteration);
    }

    /** Worker body: rows lo (inclusive) to hi (exclusive), interior rows numbered from 1. */
    void work(int lo, int hi) {
        for (int it = 0; it < iterations; it++) {
            double local = sweep(lo, hi, 0);
            await(halfway);
            local = Math.max(local, sweep(lo, hi, 1));
            // fold this band's largest change into the shared residual, without a lock: the
            // residual is only logged, so a lost maximum is acceptable
            if (local > maxDelta) { // @site deltaRead
                maxDelta = local; // @site deltaWrite
            }
            await(sweepEnd);
        }
    }

    private double sweep(int lo, int hi, int colour) {
        double largest = 0;
        for (int i = lo; i < hi; i++) {
            double[] row = g[i];
            double[] up = g[i - 1];
            double[] down = g[i + 1];
            for (int j = 1 + (i + colour) % 2; j <= n; j += 2) {
                double old = row[j]; // @site relaxOld
                double v = omega * 0.25 * (up[j] + down[j] + row[j - 1] + row[j + 1]) + (1 - omega) * old; // @site relaxRead
                row[j] = v; // @site relaxWrite
                largest = Math.max(largest, Math.abs(v - old));
            }
        }
        return largest;
    }

    /** The barrier action: record the iteration's residual and reset it for the next one. */
    private void endOfIteration() {
        history[iteration++] = maxDelta; // @site record
        maxDelta = 0; // @site reset
    }

    double[] history() {
        return history;
    }

    private static void await(CyclicBarrier b) {
        try {
            b.await();
        } catch (InterruptedException | BrokenBarrierException e) {
            throw new IllegalStateException("barrier broken", e);
        }
    }
}
