package benchmarks.cachecleaner;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * cache4j in small: two clients use a TTL cache, a cleaner thread evicts expired entries every
 * interval, an admin thread retunes the interval a few times. The first argument is the number
 * of cache operations per client.
 */
public final class Main {
    public static void main(String[] args) throws InterruptedException {
        int ops = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        Cache cache = new Cache();
        LinkedBlockingQueue<String> reports = new LinkedBlockingQueue<>();
        CacheCleaner cleaner = new CacheCleaner(cache, reports, 1);

        Thread client1 = new Thread(() -> client(cache, ops, 1), "Client-1");
        Thread client2 = new Thread(() -> client(cache, ops, 2), "Client-2");
        Thread admin = new Thread(() -> {
            int retunes = Math.max(6, ops / 20);
            for (int i = 0; i < retunes; i++) {
                cleaner.setCleanInterval(1 + i % 2);
                pause(i);
            }
        }, "Admin");

        cleaner.start();
        client1.start();
        client2.start();
        admin.start();
        client1.join();
        client2.join();
        admin.join();
        cleaner.shutdown();
        cleaner.join();

        List<String> published = new ArrayList<>();
        reports.drainTo(published);
        System.out.println("cachecleaner: " + cache.stats() + ", " + published.size() + " reports");
    }

    /** A scheduling hint only: every 8th call sleeps a millisecond, the others yield. */
    private static void pause(int i) {
        if (i % 8 == 7) {
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        } else {
            Thread.yield();
        }
    }

    private static void client(Cache cache, int ops, int id) {
        for (int i = 0; i < ops; i++) {
            String key = "k" + (i * id) % 17;
            if (cache.get(key) == null) {
                cache.put(key, "v" + i, 1 + i % 3);
            }
            pause(i);
        }
    }
}
