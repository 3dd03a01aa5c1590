package benchmarks.lazycache;

import java.util.ArrayList;
import java.util.List;

/**
 * A session service with a lazily filled profile cache on a ConcurrentHashMap. Two request
 * threads render pages for their users; every page header shows the site owner's profile, so
 * both first look up "owner" (the second thread after parsing its request). The cache's
 * get-then-put is not atomic: when both threads miss the owner the store loads it twice, and
 * main's check (every profile loaded once) throws IllegalStateException. Plain runs almost
 * never overlap there. The first argument is the number of users per thread.
 */
public final class Main {
    public static void main(String[] args) throws InterruptedException {
        int users = args.length > 0 ? Integer.parseInt(args[0]) : 4;
        ProfileStore store = new ProfileStore();
        ProfileCache cache = new ProfileCache(store);
        List<String> first = new ArrayList<>(), second = new ArrayList<>();
        for (int i = 0; i < users; i++) {
            first.add("alice-" + i);
            second.add("bob-" + i);
        }
        Thread a = new Thread(() -> render(cache, first), "Requests-A");
        Thread b = new Thread(() -> {
            parse(second);
            render(cache, second);
        }, "Requests-B");
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("lazycache: " + cache.size() + " profiles, " + store.loads() + " loads");
        if (store.loads() != cache.size()) {
            throw new IllegalStateException("a profile was loaded twice: " + store.loads() + " loads for "
                    + cache.size() + " users");
        }
    }

    private static void render(ProfileCache cache, List<String> users) {
        long page = cache.profile("owner").tier;
        for (String u : users) {
            page += cache.profile(u).tier;
        }
        if (page < 0) {
            System.out.println("unlikely");
        }
    }

    /** Parses a request: the work before the second thread's first page. */
    private static void parse(List<String> users) {
        long h = users.size();
        for (int i = 0; i < 20_000_000; i++) {
            h = h * 31 + i;
        }
        if (h == 42) {
            System.out.println("unlikely");
        }
    }
}
