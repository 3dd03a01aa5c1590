package racepipe.dynamic.detect;

import java.util.Map;
import java.util.TreeMap;

/**
 * The statement pairs one detector reported in one run: site pair -> event races and threads.
 * Recording is on the hot path (once per event race): an open-addressing table on the
 * primitive key, no boxing, and the last entry remembered.
 */
public final class PairTable {
    /** One reported statement pair: how many event races, and the threads of the first. */
    public static final class Entry {
        public final int siteA;
        public final int siteB;
        public final int threadA;
        public final int threadB;
        public int events;
        final long key;

        Entry(int siteA, int siteB, int threadA, int threadB, long key) {
            this.siteA = siteA;
            this.siteB = siteB;
            this.threadA = threadA;
            this.threadB = threadB;
            this.key = key;
        }
    }

    private Entry[] table = new Entry[64];
    private int size;
    private Entry last;

    private static long keyOf(int a, int b) {
        int lo = Math.min(a, b), hi = Math.max(a, b);
        return ((long) lo << 32) | (hi & 0xffffffffL);
    }

    private static int slot(long key, int mask) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h >>> 40) & mask;
    }

    private Entry find(long key) {
        int mask = table.length - 1;
        for (int i = slot(key, mask); ; i = (i + 1) & mask) {
            Entry e = table[i];
            if (e == null || e.key == key) {
                return e;
            }
        }
    }

    /** Records an event race between an access at site a by thread ta and one at b by tb. */
    public void record(int a, int ta, int b, int tb) {
        long key = keyOf(a, b);
        Entry e = last;
        if (e == null || e.key != key) {
            e = find(key);
            if (e == null) {
                e = Math.min(a, b) == a ? new Entry(a, b, ta, tb, key) : new Entry(b, a, tb, ta, key);
                put(e);
            }
            last = e;
        }
        e.events++;
    }

    private void put(Entry e) {
        if (2 * (size + 1) > table.length) {
            Entry[] old = table;
            table = new Entry[old.length * 2];
            for (Entry o : old) {
                if (o != null) {
                    insert(o);
                }
            }
        }
        insert(e);
        size++;
    }

    private void insert(Entry e) {
        int mask = table.length - 1;
        int i = slot(e.key, mask);
        while (table[i] != null) {
            i = (i + 1) & mask;
        }
        table[i] = e;
    }

    /** The pairs, sorted by their (low site, high site) key. */
    public Map<Long, Entry> entries() {
        Map<Long, Entry> sorted = new TreeMap<>();
        for (Entry e : table) {
            if (e != null) {
                sorted.put(e.key, e);
            }
        }
        return sorted;
    }

    public boolean contains(int a, int b) {
        return find(keyOf(a, b)) != null;
    }

    public int size() {
        return size;
    }
}
