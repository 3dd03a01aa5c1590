package benchmarks.heartbeat;

/**
 * A worker publishing heartbeats. Settings travel from main to the worker through the volatile
 * {@code configured} flag, each heartbeat through the volatile {@code latest} reference, and
 * {@code running} stops the worker: plain data ordered by volatile accesses, no race. Only
 * {@code lastJob}, a plain field the monitor logs, races.
 */
final class Service {
    private Settings settings;
    private volatile boolean configured;
    private volatile boolean running = true;
    private volatile Snapshot latest;
    private String lastJob;

    /** Main: hand the settings over. */
    void configure(Settings s) {
        settings = s; // @site settingsWrite
        configured = true;
    }

    void stop() {
        running = false;
    }

    /** The worker thread's body. */
    void work() {
        while (!configured) {
            Thread.yield();
        }
        Settings s = settings; // @site settingsRead
        int batch = s.batch; // @site batchRead
        int processed = 0;
        long checksum = 0;
        while (running) {
            for (int i = 0; i < batch; i++) {
                checksum = checksum * 31 + processed + i;
            }
            processed += batch;
            lastJob = s.name + "#" + processed; // @site lastJobWrite
            Snapshot snap = new Snapshot();
            snap.processed = processed; // @site snapWrite
            snap.checksum = checksum;
            latest = snap;
            Thread.yield();
        }
    }

    /** The monitor: the latest heartbeat, or null before the first. */
    Snapshot latest() {
        return latest;
    }

    String lastJob() {
        return lastJob; // @site lastJobRead
    }
}
