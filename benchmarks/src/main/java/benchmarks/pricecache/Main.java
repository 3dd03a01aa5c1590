package benchmarks.pricecache;

import java.util.ArrayList;
import java.util.List;

/**
 * A price service whose quotes are cached in a plain HashMap that request threads fill lazily
 * (the mistake: "it is only a cache"). Four request threads serve quotes for 600 SKUs; a
 * reporter thread sums the cached prices now and then by iterating the map; main warms the
 * cache before the threads start and, once they are joined, checks that every quoted SKU is
 * cached with its right price. The racing accesses are inside java.util.HashMap; the labels mark
 * the application's call lines. The first argument is the number of requests per thread.
 */
public final class Main {
    static final int SKUS = 600;
    static final int WORKERS = 4;

    public static void main(String[] args) throws InterruptedException {
        int requests = args.length > 0 ? Integer.parseInt(args[0]) : 1500;
        PriceService service = new PriceService();
        for (int i = 0; i < 50; i++) {
            service.warm("sku-" + i);
        }
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < WORKERS; w++) {
            int seed = 17 * w + 1;
            threads.add(new Thread(() -> {
                long total = 0;
                for (int r = 0; r < requests; r++) {
                    total += service.quote("sku-" + Math.floorMod(seed * 31 + r * (seed + 6), SKUS));
                }
                service.served(requests, total);
            }, "Request-" + (w + 1)));
        }
        threads.add(new Thread(() -> {
            for (int round = 0; round < 20; round++) {
                service.report();
                Thread.yield();
            }
        }, "Reporter"));
        for (Thread t : threads) {
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        service.verify();
        System.out.println("pricecache: " + service.summary());
    }
}
