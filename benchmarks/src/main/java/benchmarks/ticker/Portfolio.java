package benchmarks.ticker;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Positions and their value. As a listener it revalues the position under its own lock when a
 * price moves (called under the ticker's lock); its report reads the current prices from the
 * ticker while it holds its own lock. Ticker then portfolio on the feed thread, portfolio then
 * ticker on the reporting thread: a lock-order deadlock.
 */
final class Portfolio implements PriceListener {
    private final Object lock = new Object();
    private final Ticker ticker;
    private final Map<String, Integer> shares = new LinkedHashMap<>();
    private long value;
    private long biggestMove;

    Portfolio(Ticker ticker) {
        this.ticker = ticker;
    }

    void hold(String symbol, int n, long price) {
        synchronized (lock) {
            shares.merge(symbol, n, Integer::sum);
            value += n * price;
        }
    }

    @Override
    public void priceChanged(String symbol, long oldPrice, long newPrice) {
        synchronized (lock) { // @lock revalue
            Integer n = shares.get(symbol);
            if (n != null) {
                long move = n * (newPrice - oldPrice);
                value += move;
                biggestMove = Math.max(biggestMove, Math.abs(move));
            }
        }
    }

    /** The report: each position at the ticker's current price, and the drift from the running value. */
    String report() {
        synchronized (lock) { // @lock report
            StringBuilder sb = new StringBuilder();
            long marked = 0;
            for (Map.Entry<String, Integer> e : shares.entrySet()) {
                long p = ticker.price(e.getKey());
                marked += p * e.getValue();
                sb.append(e.getKey()).append(' ').append(e.getValue()).append(" @ ").append(p).append('\n');
            }
            sb.append("value ").append(marked).append(" (running ").append(value).append(", biggest move ")
                    .append(biggestMove).append(')');
            return sb.toString();
        }
    }

    long value() {
        synchronized (lock) {
            return value;
        }
    }
}
