package benchmarks.startonce;

/**
 * A metrics service started on first use. {@code started} is volatile, so every thread sees the
 * latest value and there is no data race; but "if not started, mark it started" is a read and a
 * write, and two threads can both read false. {@code stopping} is a volatile flag read once per
 * record: a single read, nothing to interleave.
 */
final class MetricsService {
    private final Registry registry;
    private volatile boolean started;
    private volatile boolean stopping;
    private final java.util.concurrent.atomic.AtomicLong recorded = new java.util.concurrent.atomic.AtomicLong();

    MetricsService(Registry registry) {
        this.registry = registry;
    }

    void ensureStarted() {
        if (!started) { // @site startedCheck
            started = true; // @site startedSet
            registry.register("metrics");
        }
    }

    void record(long value) {
        ensureStarted();
        if (!stopping) {
            recorded.addAndGet(value);
        }
    }

    void stop() {
        stopping = true;
    }

    long recorded() {
        return recorded.get();
    }
}
