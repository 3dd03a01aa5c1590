package benchmarks.warehouse;

/**
 * A warehouse shift: the picker works through the morning's orders (some are backordered), the
 * receiving dock first checks the delivery's manifest (pure computation), then shelves it, which
 * releases the backorders. Receiving locks stock then orders, picking orders then stock. Plain
 * runs almost never deadlock: the picker is through the few orders before the manifest is
 * checked. Main checks that every unit is on a shelf or shipped.
 * The first argument is the manifest's number of lines.
 */
public final class Main {
    static final String[] ITEMS = {"bolt", "nut", "washer", "hinge"};

    public static void main(String[] args) throws InterruptedException {
        int lines = args.length > 0 ? Integer.parseInt(args[0]) : 300;
        Warehouse w = new Warehouse();
        w.receive("bolt", 20);
        w.receive("nut", 5);
        for (int i = 0; i < 8; i++) {
            w.place(new Orders.Order(i, ITEMS[i % ITEMS.length], 3));
        }

        Thread picker = new Thread(() -> {
            while (w.pick()) {
                Thread.yield();
            }
        }, "Picker");
        Thread dock = new Thread(() -> {
            int checked = Manifest.check(lines);
            w.receive("washer", 10 + checked % 2);
            w.receive("hinge", 10);
        }, "Dock");
        picker.start();
        dock.start();
        picker.join();
        dock.join();
        while (w.pick()) { // what receiving released after the picker ended
            Thread.yield();
        }

        int received = 20 + 5 + 10 + Manifest.check(lines) % 2 + 10;
        int onShelves = w.stock.total(), shipped = w.orders.shippedUnits();
        System.out.println("warehouse: " + shipped + " units shipped, " + onShelves + " on shelves, "
                + w.orders.backordered() + " backorders");
        if (onShelves + shipped != received) {
            throw new IllegalStateException("units lost: " + onShelves + " + " + shipped + " != " + received);
        }
    }

    /** Checksums of the delivery's manifest lines; the dock's slow part. */
    static final class Manifest {
        static int check(int lines) {
            int ok = 0;
            long seed = 3;
            for (int l = 0; l < lines; l++) {
                long sum = 0;
                for (int k = 0; k < 25_000; k++) {
                    seed = seed * 6364136223846793005L + 1442695040888963407L;
                    sum += seed >>> 60;
                }
                ok += sum % 11 == 0 ? 0 : 1;
            }
            return ok;
        }
    }
}
