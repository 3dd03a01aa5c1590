package benchmarks.tsp;

import java.util.Arrays;

/**
 * Travelling salesman by branch and bound: two workers share the bound, a reporter prints it
 * every millisecond until main raises a plain (not volatile) finished flag. The first argument is
 * the number of cities (default 7, well under a second, and small because a Phase 2 trial of the
 * bound pair postpones at every node of the search; 16 runs for several seconds).
 */
public final class Main {
    public static void main(String[] args) throws InterruptedException {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 7;
        int[][] dist = new int[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                dist[i][j] = i == j ? 0 : 10 + (int) (((long) (i + 1) * (j + 1) * 7919 + (i ^ j) * 104729) % 90); // @site distInit
            }
        }
        Search search = new Search(dist);
        Thread w1 = new Thread(search::work, "Worker-1");
        Thread w2 = new Thread(search::work, "Worker-2");
        Thread reporter = new Thread(() -> {
            int reports = 0;
            while (!search.finished) { // @site finishedRead
                int b = search.bestSoFar();
                if (b != Integer.MAX_VALUE) {
                    reports++;
                }
                try {
                    Thread.sleep(1);
                } catch (InterruptedException e) {
                    return;
                }
            }
            System.out.println("reporter: " + reports + " reports");
        }, "Reporter");
        w1.start();
        w2.start();
        reporter.start();
        w1.join();
        w2.join();
        search.finished = true; // @site finishedWrite
        reporter.join();
        System.out.println("tsp: " + n + " cities, best " + search.best() + " via " + Arrays.toString(search.bestTour()));
    }
}
