package benchmarks.pricing;

/** One batch's discounted payoffs for one maturity: count, sum and sum of squares. */
final class Result {
    final int batch;
    final int months;
    final int paths;
    final double sum;
    final double sumSquares;

    Result(int batch, int months, int paths, double sum, double sumSquares) {
        this.batch = batch;
        this.months = months;
        this.paths = paths;
        this.sum = sum;
        this.sumSquares = sumSquares;
    }

    double mean() {
        return sum / paths;
    }

    double error() {
        double m = mean();
        return Math.sqrt((sumSquares / paths - m * m) / paths);
    }
}
