package benchmarks.figure2;

/**
 * The RaceFuzzer paper's Figure 2 (Sen PLDI 2008, section 5): thread 2 writes x = 1 first; thread 1
 * runs a critical section of N shared accesses under L (N the first argument), then checks
 * x == 0. The longer the critical section, the rarer the error under normal scheduling. Each of
 * the N steps also formats a number, so that N steps take long against a thread start, compiled
 * too: at N = 100000 about 17 ms on one free core (C1, as the agent's JVMs run). Until the agent's
 * monitor notes were fixed, {@code first} ran interpreted under the agent and formatting an int
 * per step was enough; compiled, that took 3 ms, which 8 busy processes per core outwaited.
 */
public final class Main {
    private static final Object lock = new Object(); // L
    private static int x;
    private static int work;

    public static void main(String[] args) throws InterruptedException {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        Thread t1 = new Thread(() -> first(n), "T1");
        Thread t2 = new Thread(Main::second, "T2");
        t1.start();
        t2.start();
        t1.join();
        t2.join();
    }

    private static void first(int n) {
        synchronized (lock) {
            for (int i = 0; i < n; i++) {
                work = work * 31 + Double.toString(i * 0.7).length(); // @site k1
            }
        }
        if (x == 0) { // @site r1
            throw new IllegalStateException("ERROR: x == 0");
        }
    }

    private static void second() {
        x = 1; // @site w2
        synchronized (lock) {
            work = work + 1; // @site k2
        }
    }
}
