package benchmarks.pricing;

import java.util.ArrayList;
import java.util.List;

/**
 * Monte Carlo pricing in the style of Java Grande's MonteCarlo (section 3): a strip of
 * arithmetic-average Asian calls (maturities 3 to 50 months), one batch of simulated daily price
 * paths per maturity, priced by four threads, each with its own seeded generator and path
 * buffer. Every batch's result is appended to one shared ArrayList without a lock: two appends
 * at once can lose a result, and main, which checks that every batch reported exactly once,
 * throws. The progress tally is synchronized and correct.
 *
 * <p>First argument: the paths per batch (default 2500; 48 batches). The default runs for
 * about a second plain.
 */
public final class Main {
    private static final int THREADS = 4;
    private static final int BATCHES = 48;

    public static void main(String[] args) throws InterruptedException {
        int paths = args.length > 0 ? Integer.parseInt(args[0]) : 2500;
        Market market = new Market(100, 100, 0.05, 0.2, 3);
        List<Result> results = new ArrayList<>(BATCHES);
        Tally tally = new Tally();
        Thread[] pricers = new Thread[THREADS];
        for (int t = 0; t < THREADS; t++) {
            pricers[t] = new Thread(new Pricer(market, results, tally, t, THREADS, BATCHES, paths, 20261203L), "Pricer-" + t);
        }
        for (Thread p : pricers) {
            p.start();
        }
        for (Thread p : pricers) {
            p.join();
        }
        int reported = results.size(); // @site resultsSize
        Result[] byBatch = new Result[BATCHES];
        for (int i = 0; i < reported; i++) {
            Result r = results.get(i); // @site resultsGet
            if (r == null || byBatch[r.batch] != null) {
                throw new IllegalStateException("result list corrupted at index " + i);
            }
            byBatch[r.batch] = r;
        }
        if (reported != BATCHES) {
            throw new IllegalStateException("lost results: " + reported + " of " + BATCHES + " batches reported");
        }
        long simulated = tally.paths();
        if (simulated != (long) paths * BATCHES) {
            throw new IllegalStateException("tally " + simulated + " != " + (long) paths * BATCHES);
        }
        StringBuilder strip = new StringBuilder();
        for (int b = 0; b < BATCHES; b += 9) {
            Result r = byBatch[b];
            strip.append(String.format(" %dm %.3f+-%.3f", r.months, r.mean(), r.error()));
        }
        System.out.printf("pricing: %d Asian calls, %d paths each:%s; largest payoff %.4f%n",
                BATCHES, paths, strip, tally.largest());
    }
}
