package benchmarks.pricing;

/**
 * The model and the contracts: a stock under Black-Scholes and a strip of arithmetic-average
 * Asian calls, one per maturity of 3, 4, 5, ... months, averaged over trading days.
 */
final class Market {
    static final int DAYS_PER_MONTH = 21;

    double spot, strike, rate, volatility;
    int firstMonths;

    Market(double spot, double strike, double rate, double volatility, int firstMonths) {
        this.spot = spot; this.strike = strike; this.rate = rate; this.volatility = volatility; this.firstMonths = firstMonths; // @site marketInit
    }

    /** The maturity in months of the contract priced by batch b. */
    int months(int batch) {
        return firstMonths + batch; // @site monthsRead
    }
}
