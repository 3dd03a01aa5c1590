package racepipe.dynamic.detect;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/** The statement pairs one detector reported in one run: site pair -> event races and threads. */
public final class PairTable {
    /** One reported statement pair: how many event races, and the threads of the first. */
    public static final class Entry {
        public final int siteA;
        public final int siteB;
        public final int threadA;
        public final int threadB;
        public int events;

        Entry(int siteA, int siteB, int threadA, int threadB) {
            this.siteA = siteA;
            this.siteB = siteB;
            this.threadA = threadA;
            this.threadB = threadB;
        }
    }

    private final Map<Long, Entry> entries = new HashMap<>();

    /** Records an event race between an access at site a by thread ta and one at b by tb. */
    public void record(int a, int ta, int b, int tb) {
        int lo = Math.min(a, b), hi = Math.max(a, b);
        long key = ((long) lo << 32) | (hi & 0xffffffffL);
        Entry e = entries.get(key);
        if (e == null) {
            e = lo == a ? new Entry(a, b, ta, tb) : new Entry(b, a, tb, ta);
            entries.put(key, e);
        }
        e.events++;
    }

    /** The pairs, sorted by their (low site, high site) key. */
    public Map<Long, Entry> entries() {
        return new TreeMap<>(entries);
    }

    public boolean contains(int a, int b) {
        int lo = Math.min(a, b), hi = Math.max(a, b);
        return entries.containsKey(((long) lo << 32) | (hi & 0xffffffffL));
    }

    public int size() {
        return entries.size();
    }
}
