package benchmarks.orderids;

/**
 * Static fields: three order desks take orders, each with an id from a static counter that has
 * no lock, recorded in a ledger of static synchronized methods that rejects duplicate ids. Main
 * sets the static settings before starting anyone; a treasury thread switches the currency
 * while the desks run. The first argument is orders per desk.
 */
public final class Main {
    public static void main(String[] args) throws InterruptedException {
        int orders = args.length > 0 ? Integer.parseInt(args[0]) : 50;
        Settings.maxQuantity = 100; // @site maxWrite
        String[] desks = {"Desk-1", "Desk-2", "Web"};
        Thread[] threads = new Thread[desks.length];
        for (int d = 0; d < desks.length; d++) {
            String desk = desks[d];
            threads[d] = new Thread(() -> takeOrders(desk, orders), desk);
        }
        Thread treasury = new Thread(() -> {
            Thread.yield();
            Settings.currency = "USD"; // @site currencyWrite
        }, "Treasury");
        for (Thread t : threads) {
            t.start();
        }
        treasury.start();
        for (Thread t : threads) {
            t.join();
        }
        treasury.join();
        System.out.println("orderids: " + Ledger.recorded() + " orders recorded");
    }

    private static void takeOrders(String desk, int orders) {
        for (int i = 0; i < orders; i++) {
            int quantity = 1 + (i * 7) % Settings.maxQuantity; // @site maxRead
            String currency = Settings.currency; // @site currencyRead
            Ledger.record(new Order(OrderIds.issue(), desk, quantity, currency));
        }
    }
}
