package benchmarks.pricing;

import java.util.List;

/**
 * One Monte Carlo thread: the batches id, id + T, ..., each one maturity of the strip, every
 * path a day-by-day geometric Brownian motion in this thread's own buffer, driven by this
 * thread's own generator. Each batch's result is appended to the shared list, which is a plain
 * ArrayList (the Vector it replaced was synchronized); the progress tally is synchronized.
 */
final class Pricer implements Runnable {
    private final Market market;
    private final List<Result> results;
    private final Tally tally;
    private final int id;
    private final int threads;
    private final int batches;
    private final int paths;
    private final Rng rng;
    /** This thread's path buffer: the stock price on each day. */
    private final double[] path;

    Pricer(Market market, List<Result> results, Tally tally, int id, int threads, int batches, int paths, long seed) {
        this.market = market;
        this.results = results;
        this.tally = tally;
        this.id = id;
        this.threads = threads;
        this.batches = batches;
        this.paths = paths;
        this.rng = new Rng(seed + 7919L * id);
        this.path = new double[Market.DAYS_PER_MONTH * market.months(batches - 1) + 1];
    }

    @Override
    public void run() {
        for (int b = id; b < batches; b += threads) {
            int months = market.months(b);
            double sum = 0, sumSquares = 0, largest = 0;
            for (int p = 0; p < paths; p++) {
                double payoff = simulate(months);
                sum += payoff;
                sumSquares += payoff * payoff;
                largest = Math.max(largest, payoff);
            }
            results.add(new Result(b, months, paths, sum, sumSquares)); // @site append
            tally.record(paths, largest);
        }
    }

    /** One path to the given maturity: the discounted payoff of the Asian call on it. */
    private double simulate(int months) {
        double s0 = market.spot, k = market.strike, r = market.rate, sigma = market.volatility; // @site marketRead
        int days = Market.DAYS_PER_MONTH * months;
        double t = months / 12.0;
        double dt = t / days;
        double drift = (r - 0.5 * sigma * sigma) * dt;
        double diffusion = sigma * Math.sqrt(dt);
        double[] s = path;
        s[0] = s0; // @site pathStart
        for (int d = 1; d <= days; d++) {
            s[d] = s[d - 1] * Math.exp(drift + diffusion * rng.gaussian()); // @site pathStep
        }
        double average = 0;
        for (int d = 1; d <= days; d++) {
            average += s[d]; // @site pathRead
        }
        average /= days;
        return Math.exp(-r * t) * Math.max(0, average - k);
    }
}
