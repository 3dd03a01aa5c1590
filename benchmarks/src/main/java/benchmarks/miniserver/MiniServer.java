package benchmarks.miniserver;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * MiniServer (the toy web cache of a write-up of Eraser, Savage et al. TOCS 1997): a toy cache. {@code config_max} is written once before the threads
 * exist; {@code hits} is meant to be guarded by stats_mu but the reporter uses log_mu (bug 1);
 * {@code table} is a copy-on-write snapshot guarded by table_rw, but evict_stale replaces it
 * holding only the read lock (bug 2).
 */
final class MiniServer {
    static int config_max;

    private final Object statsMu = new Object(); // stats_mu
    private final Object logMu = new Object(); // log_mu
    private final ReentrantReadWriteLock tableRw = new ReentrantReadWriteLock(); // table_rw
    private Map<Integer, String> table = Map.of();
    private int hits;

    /** A worker: look the key up under the read lock; on a miss insert under the write lock. */
    void serve(int requests, int id) {
        for (int i = 0; i < requests; i++) {
            int key = (i * id) % config_max; // @site c1
            String value;
            tableRw.readLock().lock();
            try {
                value = table.get(key); // @site t1
            } finally {
                tableRw.readLock().unlock();
            }
            if (value == null) {
                tableRw.writeLock().lock();
                try {
                    Map<Integer, String> next = new HashMap<>(table); // @site t2
                    next.put(key, "v" + key);
                    table = Map.copyOf(next); // @site t3
                } finally {
                    tableRw.writeLock().unlock();
                }
            }
            synchronized (statsMu) {
                hits = hits + 1; // @site h1
            }
        }
    }

    /** The reporter: a few rounds of printing and resetting the counter, then evicting. */
    void report(int rounds) {
        for (int i = 0; i < rounds; i++) {
            reportOnce();
            Thread.yield();
        }
    }

    /** Prints and resets the counter under the wrong lock, then evicts. */
    private void reportOnce() {
        synchronized (logMu) {
            int seen = hits; // @site h2
            hits = 0; // @site h3
            if (seen < 0) {
                throw new IllegalStateException("negative hits");
            }
        }
        evictStale();
    }

    /** Bug 2: replaces the table while holding table_rw in read mode only. */
    private void evictStale() {
        tableRw.readLock().lock();
        try {
            if (table.size() > config_max / 2) { // @site t4
                table = Map.of(); // @site t5
            }
        } finally {
            tableRw.readLock().unlock();
        }
    }
}
