package benchmarks.synclist;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;

/** An order's items still to ship, in a synchronized list. */
final class Order {
    final String id;
    final List<String> pending = Collections.synchronizedList(new ArrayList<>());

    Order(String id) {
        this.id = id;
    }

    void add(String sku) {
        pending.add(sku); // @site orderAdd
    }

    /** The picker shipped these items. */
    void picked(Collection<String> items) {
        pending.removeAll(items); // @site pick
    }

    /** The items came back (a failed delivery): they are pending again. */
    void returned(Collection<String> items) {
        pending.addAll(items); // @site restock
    }
}
