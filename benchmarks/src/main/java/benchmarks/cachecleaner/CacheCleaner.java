package benchmarks.cachecleaner;

import java.util.List;
import java.util.concurrent.BlockingQueue;

/**
 * The cleaner thread of cache4j's CacheCleaner: it sleeps for the clean interval, then evicts
 * what expired and publishes an eviction report. {@link #setCleanInterval} wakes it with an
 * interrupt so that a new interval takes effect at once, but only when {@code sleeping} says it
 * is asleep; the cleaner writes that flag without the lock the setter reads it under (cache4j's
 * bug). A setter that read a stale {@code true} interrupts the cleaner after it woke up, while it
 * publishes the report, and the cleaner dies of the InterruptedException.
 */
final class CacheCleaner extends Thread {
    private final Cache cache;
    private final BlockingQueue<String> reports;
    private long interval;
    private boolean sleeping;
    private volatile boolean stopped;

    CacheCleaner(Cache cache, BlockingQueue<String> reports, long interval) {
        super("Cleaner");
        this.cache = cache;
        this.reports = reports;
        this.interval = interval; // @site interval0
    }

    @Override
    public void run() {
        int rounds = 0;
        while (!stopped) {
            try {
                sleeping = true; // @site sleepOn
                long pause = interval; // @site intervalRead
                Thread.sleep(pause);
            } catch (InterruptedException e) {
                // woken by setCleanInterval: clean now, then sleep with the new interval
            }
            sleeping = false; // @site sleepOff
            List<String> evicted = cache.removeExpired();
            rounds++;
            try {
                reports.put("round " + rounds + ": evicted " + evicted);
            } catch (InterruptedException e) {
                throw new IllegalStateException("cleaner interrupted while publishing round " + rounds, e);
            }
        }
    }

    /** Sets the interval and, if the cleaner is asleep, wakes it so the new one applies now. */
    void setCleanInterval(long ms) {
        interval = ms; // @site intervalWrite
        synchronized (this) {
            if (sleeping) { // @site sleepCheck
                interrupt();
            }
        }
    }

    void shutdown() {
        stopped = true;
    }
}
