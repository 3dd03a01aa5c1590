package benchmarks.tsp;

/**
 * Branch-and-bound search for the shortest round trip, as in the ETH tsp benchmark: workers take
 * a second city from a shared counter and search every tour that starts 0, second, ... They prune
 * against the best cost found so far, read without the lock (a stale, larger bound only prunes
 * less); a better tour is installed under the lock, re-checked there.
 */
final class Search {
    private final int[][] dist;
    private final int n;
    private final Object lock = new Object();
    private int nextSecond = 1; // @site next0
    private int best = Integer.MAX_VALUE; // @site best0
    private int[] bestTour;
    boolean finished;

    Search(int[][] dist) {
        this.dist = dist;
        this.n = dist.length;
    }

    /** A worker's body. Its path and used arrays are its own, passed down as arguments only. */
    void work() {
        int[] path = new int[n];
        boolean[] used = new boolean[n];
        while (true) {
            int second;
            synchronized (lock) {
                second = nextSecond; // @site takeRead
                nextSecond = second + 1; // @site takeWrite
            }
            if (second >= n) {
                return;
            }
            visit(path, used, 1, second, dist[0][second]); // @site distFirst
        }
    }

    /** Puts city next at position depth of the path and searches every completion. */
    private void visit(int[] path, boolean[] used, int depth, int next, int cost) {
        path[depth] = next; // @site pathWrite
        used[next] = true; // @site usedSet
        expand(path, used, depth + 1, cost);
        used[next] = false; // @site usedUnset
    }

    private void expand(int[] path, boolean[] used, int depth, int cost) {
        if (cost >= best) { // @site boundRead
            return;
        }
        if (depth == n) {
            int total = cost + dist[path[n - 1]][0]; // @site closeRead
            install(path, total);
            return;
        }
        for (int next = 1; next < n; next++) {
            if (!used[next]) { // @site usedTest
                visit(path, used, depth, next, cost + dist[path[depth - 1]][next]); // @site distRead
            }
        }
    }

    private void install(int[] path, int total) {
        synchronized (lock) {
            if (total < best) { // @site boundRecheck
                best = total; // @site boundWrite
                bestTour = path.clone(); // @site tourWrite
            }
        }
    }

    /** For the reporter: the bound as it is now, read without the lock. */
    int bestSoFar() {
        return best; // @site reportRead
    }

    int best() {
        synchronized (lock) {
            return best; // @site resultRead
        }
    }

    int[] bestTour() {
        synchronized (lock) {
            return bestTour; // @site tourRead
        }
    }
}
