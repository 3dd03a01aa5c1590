package benchmarks.orderids;

import java.util.HashMap;
import java.util.Map;

/** Every order by id; static synchronized methods, so the class object guards it all. */
final class Ledger {
    private static final Map<Integer, Order> BY_ID = new HashMap<>();
    private static int recorded;

    private Ledger() {
    }

    static synchronized void record(Order o) {
        if (BY_ID.putIfAbsent(o.id, o) != null) {
            throw new IllegalStateException("duplicate order id " + o.id + " from " + o.desk);
        }
        recorded = recorded + 1; // @site recorded
    }

    static synchronized int recorded() {
        return recorded; // @site recordedRead
    }
}
