package benchmarks.lufact;

/**
 * LU factorisation in the style of Java Grande's LUFact (section 2): a random n x n system with
 * solution all ones, factorised with partial pivoting by four threads that split the columns,
 * a wait/notify barrier between the phases of each column step, and solved by main (Linpack's
 * dgesl). The pivot search is split by rows and its fold into the shared candidate is an
 * unlocked check-then-act: the known race of this version. Main checks the normalised residual.
 *
 * <p>First argument: n (default 1800). The default runs for about a second plain.
 */
public final class Main {
    private static final int THREADS = 4;

    public static void main(String[] args) throws InterruptedException {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 1800;
        double[][] a = matrix(n);
        int[] pivots = new int[n];
        Pivot pivot = new Pivot();
        Barrier barrier = new Barrier(THREADS);
        Thread[] threads = new Thread[THREADS];
        for (int t = 0; t < THREADS; t++) {
            threads[t] = new Thread(new Factor(a, pivots, pivot, barrier, t, THREADS), "Factor-" + t);
        }
        for (Thread t : threads) {
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        double[] x = solve(a, pivots);
        // residual against a fresh copy of the system
        double[][] original = matrix(n);
        double[] b = rightHandSide(original);
        double residual = 0, normA = 0, normX = 0, sumX = 0;
        for (int i = 0; i < n; i++) {
            double r = -b[i];
            for (int j = 0; j < n; j++) {
                double aji = original[j][i]; // @site residualRead
                r += aji * x[j];
                normA = Math.max(normA, Math.abs(aji));
            }
            residual = Math.max(residual, Math.abs(r));
            normX = Math.max(normX, Math.abs(x[i]));
            sumX += x[i];
        }
        double normalised = residual / (n * normA * normX * Math.ulp(1.0));
        if (!(normalised < 100)) {
            throw new IllegalStateException("lufact: normalised residual " + normalised);
        }
        System.out.printf("lufact: n=%d, %d threads, normalised residual below 100, sum of x %.6f (n = %d)%n",
                n, THREADS, sumX, n);
    }

    /** Linpack's matgen: a column-major matrix of pseudo-random entries in [-2, 2). */
    static double[][] matrix(int n) {
        double[][] a = new double[n][n];
        int seed = 1325;
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < n; i++) {
                seed = 3125 * seed % 65536;
                a[j][i] = (seed - 32768.0) / 16384.0; // @site init
            }
        }
        return a;
    }

    /** b = A * ones, so that the solution is all ones. */
    static double[] rightHandSide(double[][] a) {
        int n = a.length;
        double[] b = new double[n];
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < n; i++) {
                b[i] += a[j][i]; // @site rhsRead
            }
        }
        return b;
    }

    /** Linpack's dgesl (no transpose): forward elimination with the multipliers, back substitution. */
    static double[] solve(double[][] lu, int[] pivots) {
        int n = lu.length;
        double[] b = rightHandSide(matrix(n));
        for (int k = 0; k < n - 1; k++) {
            int l = pivots[k]; // @site solvePivots
            double t = b[l];
            if (l != k) {
                b[l] = b[k];
                b[k] = t;
            }
            double[] col = lu[k];
            for (int i = k + 1; i < n; i++) {
                b[i] += t * col[i]; // @site solveForward
            }
        }
        for (int k = n - 1; k >= 0; k--) {
            double[] col = lu[k];
            b[k] /= col[k]; // @site solveDiagonal
            double t = -b[k];
            for (int i = 0; i < k; i++) {
                b[i] += t * col[i]; // @site solveBack
            }
        }
        return b;
    }
}
