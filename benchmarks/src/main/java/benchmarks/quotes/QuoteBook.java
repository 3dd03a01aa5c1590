package benchmarks.quotes;

import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * Prices by instrument, behind a ReentrantReadWriteLock: quotes read under the read lock,
 * the feed writes under the write lock. The "recently viewed" ring was added to quote() later,
 * and it writes under the read lock that quote() already held (the wrong mode): two traders
 * quoting at once update it together.
 */
final class QuoteBook {
    private final ReentrantReadWriteLock rw = new ReentrantReadWriteLock();
    private final double[] prices;
    private final int[] recent = new int[8];
    private int count;
    private int updates;

    QuoteBook(int instruments) {
        prices = new double[instruments];
        for (int i = 0; i < instruments; i++) {
            prices[i] = 100 + i; // @site price0
        }
    }

    double quote(int instrument) {
        rw.readLock().lock();
        try {
            double p = prices[instrument]; // @site priceRead
            recent[count++] = instrument; // @site recentAdd
            if (count == recent.length) count = 0; // @site recentWrap
            return p;
        } finally {
            rw.readLock().unlock();
        }
    }

    void update(int instrument, double price) {
        rw.writeLock().lock();
        try {
            prices[instrument] = price; // @site priceWrite
            updates = updates + 1; // @site updates
        } finally {
            rw.writeLock().unlock();
        }
    }

    /** The recently viewed instruments, for the panel; a read, so the read lock. */
    int[] recentlyViewed() {
        rw.readLock().lock();
        try {
            int[] copy = new int[recent.length];
            for (int k = 0; k < copy.length; k++) {
                copy[k] = recent[k]; // @site recentCopy
            }
            return copy;
        } finally {
            rw.readLock().unlock();
        }
    }

    int updates() {
        rw.readLock().lock();
        try {
            return updates; // @site updatesRead
        } finally {
            rw.readLock().unlock();
        }
    }
}
