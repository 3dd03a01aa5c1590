package benchmarks.synclist;

import java.util.List;

/**
 * The JDK's synchronized collections (RaceFuzzer's JDK 1.4.2 bug, still there in 17): a checker
 * asks {@code catalog.containsAll(order.pending)} while a picker calls
 * {@code pending.removeAll(...)} and {@code pending.addAll(...)}. Both lists are
 * {@code Collections.synchronizedList}s, but containsAll holds only the catalog's lock while it
 * iterates the pending list: ConcurrentModificationException (or NoSuchElementException) in the
 * checker. The racing accesses are inside java.util (ArrayList's size, modCount, elementData);
 * the labels mark the application's call lines. The first argument is the number of rounds.
 */
public final class Main {
    private static final int SKUS = 40;

    public static void main(String[] args) throws InterruptedException {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 100;
        Catalog catalog = new Catalog();
        Order order = new Order("ORD-1");
        for (int i = 0; i < SKUS; i++) {
            catalog.add("sku-" + i);
        }
        for (int i = 0; i < SKUS; i += 2) {
            order.add("sku-" + i);
        }

        Thread checker = new Thread(() -> {
            int misses = 0;
            for (int r = 0; r < rounds; r++) {
                if (!catalog.covers(order.pending)) {
                    misses++;
                }
            }
            System.out.println("synclist: " + misses + " of " + rounds + " checks found an item off sale");
        }, "Checker");
        Thread picker = new Thread(() -> {
            for (int r = 0; r < rounds; r++) {
                List<String> batch = List.of("sku-" + (2 * (r % (SKUS / 2))));
                order.picked(batch);
                order.returned(batch);
            }
        }, "Picker");
        Thread merchandiser = new Thread(() -> {
            for (int r = 0; r < rounds / 4; r++) {
                catalog.add("new-" + r);
                catalog.discontinue("new-" + r);
            }
        }, "Merchandiser");

        checker.start();
        picker.start();
        merchandiser.start();
        checker.join();
        picker.join();
        merchandiser.join();
    }
}
