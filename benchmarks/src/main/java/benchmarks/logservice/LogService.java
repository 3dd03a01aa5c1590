package benchmarks.logservice;

/**
 * LogService (the RaceFuzzer paper's example, Sen PLDI 2008). Only {@code ready} is guarded by L; the other shared fields
 * are touched with no lock held. Truth: P1 (m1,w6) false, P2 (m5,w1) benign, P3 (m6,w7)
 * harmless, P4 (m6,w8) harmful.
 */
final class LogService {
    private final Object lock = new Object(); // L
    private final int requests;
    private Config cfg;
    private boolean ready;
    private long lastActive;
    private int served;
    private Log log = new Log();

    LogService(int requests) {
        this.requests = requests;
    }

    /** Thread M: set up, signal readiness, serve, shut the logger down. */
    void master() {
        cfg = new Config(requests); // @site m1
        synchronized (lock) { // m2
            ready = true; // @site m3
        } // m4
        lastActive = System.nanoTime(); // @site m5
        serve();
        log = null; // @site m6
    }

    /** Requests handled by M alone: shared accesses that no other thread makes. */
    private void serve() {
        for (int i = 0; i < requests; i++) {
            served = served + 1;
        }
    }

    /** Thread W: note activity, read the config if ready, log if the logger still exists. */
    void worker() {
        lastActive = System.nanoTime(); // @site w1
        boolean isReady;
        synchronized (lock) { // w2
            isReady = ready; // @site w3
        } // w4
        if (isReady) { // w5
            int max = cfg.max; // @site w6
            if (max < 0) {
                throw new IllegalStateException("negative max");
            }
        }
        if (log != null) { // @site w7
            log.append("worker done"); // @site w8
        }
    }
}
