package benchmarks.ticker;

/** Told of every price change, by the thread that made it, while the ticker still holds its lock. */
interface PriceListener {
    void priceChanged(String symbol, long oldPrice, long newPrice);
}
