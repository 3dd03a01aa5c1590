package benchmarks.handoff;

/**
 * Seed 002's hand-over: thread 0 writes x, then publishes under m; thread 1 reads x only after
 * it has seen the publication under m. The lock orders them in every schedule: lockset flags x,
 * happens-before does not, and no schedule makes them race.
 */
public final class Main {
    private static final Object m = new Object();
    private static int x;
    private static boolean published;

    public static void main(String[] args) throws InterruptedException {
        Thread t0 = new Thread(Main::produce, "T0");
        Thread t1 = new Thread(Main::consume, "T1");
        t0.start();
        t1.start();
        t0.join();
        t1.join();
    }

    private static void produce() {
        x = 42; // @site x0
        synchronized (m) {
            published = true; // @site p0
        }
    }

    private static void consume() {
        while (true) {
            synchronized (m) {
                if (published) { // @site p1
                    break;
                }
            }
            Thread.yield();
        }
        if (x != 42) { // @site x1
            throw new IllegalStateException("hand-over lost the write");
        }
    }
}
