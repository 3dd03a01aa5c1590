package benchmarks.pricecache;

import java.util.HashMap;
import java.util.Map;

/**
 * Quotes with a lazily filled cache: a miss computes the price and stores it. The cache is a
 * plain HashMap shared by every request thread, with no lock (the bug); the statistics are kept
 * under the service's own lock.
 */
final class PriceService {
    private final Map<String, Long> cache = new HashMap<>();
    private final Object statsLock = new Object();
    private long served;
    private long revenue;
    private long reportedTotal;

    /** Main fills the first entries before any request thread starts. */
    void warm(String sku) {
        cache.put(sku, price(sku)); // @site warm
    }

    long quote(String sku) {
        Long cached = cache.get(sku); // @site lookup
        if (cached != null) {
            return cached;
        }
        long p = price(sku);
        cache.put(sku, p); // @site store
        return p;
    }

    /** The reporter: the sum of the cached prices, by iterating the map (it throws when a put changes it meanwhile). */
    void report() {
        long sum = 0;
        for (Map.Entry<String, Long> e : cache.entrySet()) sum += e.getValue(); // @site report
        synchronized (statsLock) {
            reportedTotal = Math.max(reportedTotal, sum);
        }
    }

    void served(int requests, long total) {
        synchronized (statsLock) {
            served += requests;
            revenue += total;
        }
    }

    /** After the threads are joined: every SKU a request quoted is in the cache, at its price. */
    void verify() {
        int missing = 0;
        for (int i = 0; i < Main.SKUS; i++) {
            String sku = "sku-" + i;
            Long p = cache.get(sku); // @site verify
            if (p == null) {
                missing++;
            } else if (p != price(sku)) {
                throw new IllegalStateException("wrong price cached for " + sku + ": " + p);
            }
        }
        int size = cache.size(); // @site verifySize
        if (missing > 0 || size != Main.SKUS) {
            throw new IllegalStateException("cache lost entries: " + missing + " missing, size " + size);
        }
    }

    String summary() {
        synchronized (statsLock) {
            return served + " quotes, revenue " + revenue + ", largest report " + reportedTotal;
        }
    }

    /** A deterministic price, some work to compute: what the cache saves. */
    static long price(String sku) {
        long h = 1125899906842597L;
        for (int round = 0; round < 20; round++) {
            for (int i = 0; i < sku.length(); i++) {
                h = 31 * h + sku.charAt(i) + round;
            }
        }
        return 100 + Math.floorMod(h, 9900);
    }
}
