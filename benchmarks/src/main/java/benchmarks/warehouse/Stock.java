package benchmarks.warehouse;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;

/** Units on the shelves per item, guarded by a ReentrantLock (the stock system's own). */
final class Stock {
    final ReentrantLock lock = new ReentrantLock();
    private final Map<String, Integer> units = new HashMap<>();

    /** Callers hold {@link #lock}. */
    int units(String item) {
        return units.getOrDefault(item, 0);
    }

    /** Callers hold {@link #lock}. */
    void add(String item, int n) {
        units.merge(item, n, Integer::sum);
    }

    int total() {
        lock.lock();
        try {
            int t = 0;
            for (int n : units.values()) {
                t += n;
            }
            return t;
        } finally {
            lock.unlock();
        }
    }
}
