package benchmarks.mergesort;

/**
 * Parallel merge sort by fork and join: above the depth limit, a call sorts its left half in a
 * new thread and its right half itself, joins the child, then merges. Sibling calls touch
 * disjoint ranges of a and tmp, and a merge reads what the two halves wrote only after the
 * child's join, so the array accesses never race. The comparison count is shared, unlocked.
 */
final class Sorter {
    private final int[] a;
    private final int[] tmp;
    private final int depthLimit;
    private long comparisons;

    Sorter(int[] a, int depthLimit) {
        this.a = a;
        this.tmp = new int[a.length];
        this.depthLimit = depthLimit;
    }

    void sort(int lo, int hi, int depth) throws InterruptedException {
        if (hi - lo < 2) {
            return;
        }
        int mid = (lo + hi) >>> 1;
        if (depth < depthLimit) {
            Thread left = new Thread(() -> sortQuietly(lo, mid, depth + 1), "Sort-" + lo + "-" + mid);
            left.start();
            sort(mid, hi, depth + 1);
            left.join();
        } else {
            sort(lo, mid, depth + 1);
            sort(mid, hi, depth + 1);
        }
        merge(lo, mid, hi);
    }

    private void sortQuietly(int lo, int hi, int depth) {
        try {
            sort(lo, hi, depth);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void merge(int lo, int mid, int hi) {
        int i = lo;
        int j = mid;
        for (int k = lo; k < hi; k++) {
            boolean takeLeft = i < mid && (j >= hi || a[i] <= a[j]); // @site cmp
            comparisons++; // @site count
            tmp[k] = takeLeft ? a[i++] : a[j++]; // @site take
        }
        for (int k = lo; k < hi; k++) {
            a[k] = tmp[k]; // @site copyBack
        }
    }

    long comparisons() {
        return comparisons; // @site countRead
    }
}
