package benchmarks.mergesort;

/**
 * Fork/join with plain threads: a parallel merge sort that forks a thread per left half down to
 * depth 2 (four leaves running at once, threads started by threads), then checks the result.
 * Nothing but the comparison counter races. The first argument is the number of elements
 * (default 256: every Phase 2 trial of the counter pair postpones at each of its n log n
 * comparisons, so the default stays small; 100_000 and more for performance runs).
 */
public final class Main {
    public static void main(String[] args) throws InterruptedException {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 256;
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = (int) ((i * 2654435761L) % 100_003); // @site fill
        }
        Sorter sorter = new Sorter(a, 2);
        sorter.sort(0, n, 0);
        for (int i = 1; i < n; i++) {
            if (a[i - 1] > a[i]) { // @site check
                throw new IllegalStateException("not sorted at " + i);
            }
        }
        System.out.println("mergesort: " + n + " elements sorted, about " + sorter.comparisons() + " comparisons");
    }
}
