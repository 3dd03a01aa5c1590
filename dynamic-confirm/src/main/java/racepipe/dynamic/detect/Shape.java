package racepipe.dynamic.detect;

import java.util.Arrays;

/**
 * The distinct accesses a location has seen, in the order of their first occurrence: per entry
 * the context (thread and locks), the site and the kind. Locations that saw the same accesses in
 * the same order share one Shape: shapes form a tree of memoised transitions from the empty one
 * (as a JavaScript VM's hidden classes do), so the table costs a location one reference and the
 * detectors keep only a few ints per entry (see {@link Shadow}). Past {@link #SHARED_LIMIT}
 * entries a location gets a shape of its own that grows in place, so a location with very many
 * distinct accesses does not copy its table once per new entry.
 * <p>The entries are what bounds a location's state: at most one per context, site and kind,
 * however long the run.
 */
final class Shape {
    static final int SHARED_LIMIT = 32;
    private static final int INDEX_FROM = 12; // entries from which find uses a hash index

    private long[] keys;     // context id << 32 | site << 1 | write
    private Context[] who;
    private int size;
    private final boolean own;   // one location's, grown in place
    private LongMap<Shape> next; // transitions of a shared shape, by the key added
    private int[] index;         // open addressing on keys: entry + 1, 0 empty; null while small
    private long[] marks;        // an own shape's: a flag per entry from 32 on, for a detector (Eraser's history)

    private Shape(long[] keys, Context[] who, int size, boolean own) {
        this.keys = keys;
        this.who = who;
        this.size = size;
        this.own = own;
    }

    /** The empty shape: the root of one run's tree. */
    static Shape empty() {
        return new Shape(new long[0], new Context[0], 0, false);
    }

    static long key(Context c, int site, boolean write) {
        return ((long) c.id << 32) | ((long) site << 1) | (write ? 1 : 0);
    }

    int size() {
        return size;
    }

    int site(int e) {
        return (int) (keys[e] >>> 1) & 0x7fffffff;
    }

    boolean write(int e) {
        return (keys[e] & 1) != 0;
    }

    Context who(int e) {
        return who[e];
    }

    long key(int e) {
        return keys[e];
    }

    /**
     * Flag i of this own shape (one location's: its entries from {@link #SHARED_LIMIT} on), kept
     * here for a detector whose per-location int has no bit left for it.
     */
    boolean marked(int i) {
        long[] m = marks;
        return m != null && i >> 6 < m.length && (m[i >> 6] & 1L << i) != 0;
    }

    void mark(int i) {
        if (!own) {
            throw new IllegalStateException("a shared shape keeps no flags");
        }
        if (marks == null || i >> 6 >= marks.length) {
            marks = Arrays.copyOf(marks == null ? new long[0] : marks, (i >> 6) + 1);
        }
        marks[i >> 6] |= 1L << i;
    }

    /** The entry with this key, or -1. */
    int find(long key) {
        long[] k = keys;
        if (index != null) {
            return lookup(key);
        }
        for (int i = 0, n = size; i < n; i++) {
            if (k[i] == key) {
                return i;
            }
        }
        if (size >= INDEX_FROM) {
            buildIndex();
        }
        return -1;
    }

    /** This shape with one more entry, last: memoised for shared shapes, in place for a location's own. */
    Shape with(long key, Context c) {
        if (own) {
            append(key, c);
            return this;
        }
        Shape s = next == null ? null : next.get(key);
        if (s == null) {
            boolean mine = size + 1 > SHARED_LIMIT;
            int cap = mine ? 2 * (size + 1) : size + 1;
            s = new Shape(Arrays.copyOf(keys, cap), Arrays.copyOf(who, cap), size, mine);
            s.append(key, c);
            if (!mine) {
                if (next == null) {
                    next = new LongMap<>();
                }
                next.put(key, s);
            }
        }
        return s;
    }

    private void append(long key, Context c) {
        if (size == keys.length) {
            keys = Arrays.copyOf(keys, Math.max(4, 2 * size));
            who = Arrays.copyOf(who, keys.length);
        }
        keys[size] = key;
        who[size] = c;
        size++;
        if (index != null) {
            if (2 * size > index.length) {
                buildIndex();
            } else {
                insert(size - 1);
            }
        }
    }

    private static int slot(long key, int mask) {
        return (int) ((key * 0x9E3779B97F4A7C15L) >>> 40) & mask;
    }

    private void buildIndex() {
        index = new int[Integer.highestOneBit(4 * size - 1) << 1];
        for (int i = 0; i < size; i++) {
            insert(i);
        }
    }

    private void insert(int e) {
        int mask = index.length - 1;
        int i = slot(keys[e], mask);
        while (index[i] != 0) {
            i = (i + 1) & mask;
        }
        index[i] = e + 1;
    }

    private int lookup(long key) {
        int mask = index.length - 1;
        for (int i = slot(key, mask); ; i = (i + 1) & mask) {
            int e = index[i];
            if (e == 0) {
                return -1;
            }
            if (keys[e - 1] == key) {
                return e - 1;
            }
        }
    }
}
