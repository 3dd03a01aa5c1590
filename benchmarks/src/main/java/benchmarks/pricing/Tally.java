package benchmarks.pricing;

/** Progress kept correctly: paths simulated so far and the largest payoff, under this monitor. */
final class Tally {
    private long paths;
    private double largest;

    synchronized void record(int n, double payoff) {
        paths += n; // @site tallyPaths
        if (payoff > largest) { // @site tallyLargestRead
            largest = payoff; // @site tallyLargestWrite
        }
    }

    synchronized long paths() {
        return paths; // @site tallyRead
    }

    synchronized double largest() {
        return largest; // @site tallyLargest
    }
}
