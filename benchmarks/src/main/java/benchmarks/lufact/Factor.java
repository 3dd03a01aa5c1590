package benchmarks.lufact;

/**
 * LU factorisation with partial pivoting (Linpack's dgefa, as in Java Grande's LUFact), by T
 * threads on a column-major matrix: a[j] is column j. Thread id owns the columns j with
 * j % T == id. Column step k has three phases, each ended by the barrier:
 *
 * <ol>
 * <li>search: each thread scans its slice of rows k..n-1 of column k for the largest magnitude
 * and folds it into the shared pivot candidate, without a lock;</li>
 * <li>pivot: the owner of column k takes the candidate's row, records it, swaps it with row k in
 * column k, turns the column below the diagonal into multipliers and resets the candidate;</li>
 * <li>update: each thread swaps the two rows in its own columns j &gt; k and adds the multiple
 * of column k (daxpy).</li>
 * </ol>
 */
final class Factor implements Runnable {
    private final double[][] a;
    private final int[] pivots;
    private final Pivot pivot;
    private final Barrier barrier;
    private final int id;
    private final int threads;

    Factor(double[][] a, int[] pivots, Pivot pivot, Barrier barrier, int id, int threads) {
        this.a = a;
        this.pivots = pivots;
        this.pivot = pivot;
        this.barrier = barrier;
        this.id = id;
        this.threads = threads;
    }

    @Override
    public void run() {
        int n = a.length;
        for (int k = 0; k < n - 1; k++) {
            search(k, n);
            barrier.await();
            if (k % threads == id) {
                eliminate(k, n);
            }
            barrier.await();
            update(k, n);
            barrier.await();
        }
    }

    /** This thread's slice of rows of column k: its largest magnitude, folded into the candidate. */
    private void search(int k, int n) {
        double[] col = a[k];
        int lo = k + (n - k) * id / threads;
        int hi = k + (n - k) * (id + 1) / threads;
        double largest = -1;
        int row = -1;
        for (int i = lo; i < hi; i++) {
            double m = Math.abs(col[i]); // @site searchRead
            if (m > largest) {
                largest = m;
                row = i;
            }
        }
        // fold into the shared candidate: check, then act, with no lock
        if (row >= 0 && largest > pivot.magnitude) { // @site pivotCheck
            pivot.magnitude = largest; // @site pivotWrite
            pivot.row = row; // @site pivotRowWrite
        }
    }

    /** The owner of column k: pivot row, swap, multipliers; reset the candidate for column k + 1. */
    private void eliminate(int k, int n) {
        int l = pivot.row; // @site pivotUse
        pivots[k] = l; // @site pivotsWrite
        pivot.magnitude = -1; // @site pivotReset
        double[] col = a[k];
        double t = col[l]; col[l] = col[k]; col[k] = t; // @site pivotSwap
        double scale = -1 / t;
        for (int i = k + 1; i < n; i++) {
            col[i] *= scale; // @site multiplier
        }
    }

    /** This thread's columns j > k: the row swap, then column j += a[k][j] * multipliers. */
    private void update(int k, int n) {
        int l = pivots[k]; // @site pivotsRead
        double[] col = a[k];
        int first = k + 1 + Math.floorMod(id - (k + 1), threads);
        for (int j = first; j < n; j += threads) {
            double[] cj = a[j];
            double t = cj[l]; // @site swapRead
            if (l != k) {
                cj[l] = cj[k]; cj[k] = t; // @site rowSwap
            }
            for (int i = k + 1; i < n; i++) {
                cj[i] += t * col[i]; // @site daxpy
            }
        }
    }
}
