package racepipe.statics.internal;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.time.Duration;

/**
 * The time and heap an analysis may use: past its deadline, or with the heap still over 85% of
 * its maximum after the last collection of a pool, it should stop and keep what it found. The
 * first reason to stop is remembered ({@link #why}). {@link #grace} lets the stages after a
 * stopped one work on what it left, for a quarter of the limit more (at least 10 s).
 */
public final class Budget {
    private static final double HEAP_SHARE = 0.85;
    private static final long HEAP_CHECK_EVERY = 100_000_000L;
    private static final java.util.List<MemoryPoolMXBean> POOLS = ManagementFactory.getMemoryPoolMXBeans().stream()
            .filter(p -> p.getType() == MemoryType.HEAP && p.isCollectionUsageThresholdSupported()).toList();
    private long lastHeapCheck;
    private long deadline;
    private final Duration limit;
    private String why;
    private boolean stopped;

    public Budget(Duration limit) {
        this.limit = limit;
        this.deadline = limit == null ? Long.MAX_VALUE : System.nanoTime() + limit.toNanos();
    }

    /** True once the analysis should stop (cheap enough to ask often). */
    public boolean over() {
        if (stopped) {
            return true;
        }
        long t = System.nanoTime();
        String now = null;
        if (t > deadline) {
            now = "stopped at the " + (limit.toMillis() % 1000 == 0 ? limit.toSeconds() + " s" : limit.toMillis() + " ms")
                    + " limit";
        } else if (t - lastHeapCheck > HEAP_CHECK_EVERY && heapNearlyFull(t)) {
            now = "stopped before the heap ran out (" + (Runtime.getRuntime().maxMemory() >> 20) + " MiB)";
        }
        if (now != null) {
            stopped = true;
            why = why == null ? now : why;
        }
        return stopped;
    }

    /** After a stop: the next stages may go on for a while on what was found. */
    public void grace() {
        if (stopped) {
            stopped = false;
            long extra = limit == null ? Duration.ofSeconds(10).toNanos()
                    : Math.max(limit.toNanos() / 4, Duration.ofSeconds(10).toNanos());
            deadline = System.nanoTime() + extra;
        }
    }

    /** Why it first stopped, or null (also after a grace). */
    public String why() {
        return why;
    }

    /** The heap after the last collection, looked at every 100 ms at most (WALA asks very often). */
    private boolean heapNearlyFull(long now) {
        lastHeapCheck = now;
        for (MemoryPoolMXBean p : POOLS) {
            MemoryUsage after = p.getCollectionUsage();
            if (after != null && after.getMax() > 0 && after.getUsed() > HEAP_SHARE * after.getMax()) {
                return true;
            }
        }
        return false;
    }
}
