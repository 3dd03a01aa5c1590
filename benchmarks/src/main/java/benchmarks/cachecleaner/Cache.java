package benchmarks.cachecleaner;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * A time-to-live cache. Time is counted in cleaning rounds, not on the wall clock: an entry put
 * with a ttl of n rounds is evicted by the n-th cleaning after it. Everything is guarded by the
 * cache's monitor.
 */
final class Cache {
    private final Map<String, Entry> map = new HashMap<>();
    private int round;
    private int gets;
    private int hits;

    synchronized String get(String key) {
        gets = gets + 1; // @site gets
        Entry e = map.get(key);
        if (e == null) {
            return null;
        }
        hits = hits + 1;
        return e.value;
    }

    synchronized void put(String key, String value, int ttlRounds) {
        map.put(key, new Entry(value, round + ttlRounds));
    }

    /** Starts the next round and removes what expired; returns the evicted keys. */
    synchronized List<String> removeExpired() {
        round = round + 1;
        List<String> evicted = new ArrayList<>();
        for (Iterator<Map.Entry<String, Entry>> it = map.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<String, Entry> e = it.next();
            if (e.getValue().expiresAt <= round) {
                evicted.add(e.getKey());
                it.remove();
            }
        }
        return evicted;
    }

    synchronized String stats() {
        return "gets " + gets + ", hits " + hits + ", size " + map.size() + ", round " + round;
    }

    /** An immutable cache entry. */
    private static final class Entry {
        final String value;
        final int expiresAt;

        Entry(String value, int expiresAt) {
            this.value = value;
            this.expiresAt = expiresAt;
        }
    }
}
