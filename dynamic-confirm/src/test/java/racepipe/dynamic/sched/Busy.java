package racepipe.dynamic.sched;

import java.util.ArrayList;
import java.util.List;

/**
 * Busy threads beside a test, as a loaded machine has them: each spins until closed. A schedule
 * must not change with them (issue 15: the load once turned a replay's race into none).
 */
final class Busy implements AutoCloseable {
    private final List<Thread> threads = new ArrayList<>();
    private volatile boolean stop;

    /** Starts {@code perCore} spinning threads per available core. */
    Busy(int perCore) {
        int n = perCore * Runtime.getRuntime().availableProcessors();
        for (int i = 0; i < n; i++) {
            Thread t = new Thread(() -> {
                long x = 0;
                while (!stop) {
                    x = x * 31 + 7;
                }
                if (x == 42) {
                    System.out.print("");
                }
            }, "busy-" + i);
            t.setDaemon(true);
            t.start();
            threads.add(t);
        }
    }

    @Override
    public void close() throws InterruptedException {
        stop = true;
        for (Thread t : threads) {
            t.join();
        }
    }
}
