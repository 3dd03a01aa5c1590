package benchmarks.warehouse;

/**
 * The two processes of a warehouse. Receiving takes the stock lock, shelves the delivery, and
 * while it still holds the stock lock releases the backorders for that item (the Orders monitor).
 * Picking takes the Orders monitor to pull the next order and, holding it, reserves the units
 * under the stock lock. A ReentrantLock and a monitor in opposite orders: a deadlock.
 */
final class Warehouse {
    final Stock stock = new Stock();
    final Orders orders = new Orders();

    void receive(String item, int n) {
        stock.lock.lock(); // @lock receiveStock
        try {
            stock.add(item, n);
            synchronized (orders) { // @lock receiveOrders
                for (Orders.Order o : orders.takeBackorders(item)) {
                    orders.place(o);
                }
            }
        } finally {
            stock.lock.unlock();
        }
    }

    /** Picks the next open order; false when there is none. */
    boolean pick() {
        synchronized (orders) { // @lock pickOrders
            Orders.Order o = orders.next();
            if (o == null) {
                return false;
            }
            stock.lock.lock(); // @lock pickStock
            try {
                if (stock.units(o.item()) >= o.qty()) {
                    stock.add(o.item(), -o.qty());
                    orders.shipped(o);
                } else {
                    orders.backorder(o);
                }
            } finally {
                stock.lock.unlock();
            }
            return true;
        }
    }

    void place(Orders.Order o) {
        synchronized (orders) {
            orders.place(o);
        }
    }
}
