package benchmarks.warehouse;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/** Open orders and backorders; the order desk's code guards them with the Orders object's monitor. */
final class Orders {
    record Order(int id, String item, int qty) {
    }

    private final Deque<Order> open = new ArrayDeque<>();
    private final List<Order> backorders = new ArrayList<>();
    private final List<Order> shipped = new ArrayList<>();

    /** Callers hold this monitor. */
    void place(Order o) {
        open.add(o);
    }

    /** Callers hold this monitor. */
    Order next() {
        return open.poll();
    }

    /** Callers hold this monitor. */
    void backorder(Order o) {
        backorders.add(o);
    }

    /** Callers hold this monitor. */
    List<Order> takeBackorders(String item) {
        List<Order> out = new ArrayList<>();
        backorders.removeIf(o -> o.item().equals(item) && out.add(o));
        return out;
    }

    /** Callers hold this monitor. */
    void shipped(Order o) {
        shipped.add(o); // @site shipAdd
    }

    synchronized int shippedUnits() {
        int n = 0;
        for (Order o : shipped) { // @site shipRead
            n += o.qty();
        }
        return n;
    }

    synchronized int backordered() {
        return backorders.size();
    }
}
