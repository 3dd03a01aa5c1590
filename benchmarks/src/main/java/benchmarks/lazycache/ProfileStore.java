package benchmarks.lazycache;

import java.util.concurrent.atomic.AtomicInteger;

/** The slow source of user profiles (a database stand-in): each load is expensive and counted. */
final class ProfileStore {
    private final AtomicInteger loads = new AtomicInteger();

    Profile load(String user) {
        loads.incrementAndGet();
        long h = user.hashCode();
        for (int i = 0; i < 30_000; i++) {
            h = h * 6364136223846793005L + 1442695040888963407L;
        }
        return new Profile(user, (int) (h >>> 40) & 0xff);
    }

    int loads() {
        return loads.get();
    }
}
