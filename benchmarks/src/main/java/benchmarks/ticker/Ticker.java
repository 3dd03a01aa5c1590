package benchmarks.ticker;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The latest price per symbol. An update stores the price and tells the listeners before it lets
 * go of the ticker's lock, so that they see the updates in the order they happened (the usual
 * reason to notify under a lock, and the usual way to call foreign code with a lock held).
 */
final class Ticker {
    private final Object lock = new Object();
    private final Map<String, Long> prices = new HashMap<>();
    private final List<PriceListener> listeners = new ArrayList<>();
    private int updates;

    void subscribe(PriceListener l) {
        synchronized (lock) {
            listeners.add(l);
        }
    }

    void update(String symbol, long price) {
        synchronized (lock) { // @lock tickerUpdate
            Long old = prices.put(symbol, price);
            updates++;
            for (PriceListener l : listeners) {
                l.priceChanged(symbol, old == null ? price : old, price);
            }
        }
    }

    long price(String symbol) {
        synchronized (lock) { // @lock tickerRead
            Long p = prices.get(symbol);
            return p == null ? 0 : p;
        }
    }

    int updates() {
        synchronized (lock) {
            return updates;
        }
    }
}
