package racepipe.dynamic.detect;

/**
 * A map from long keys to values without boxing: open addressing, linear probing, no removal.
 * The detectors' memo tables (lockset operations, shape transitions, lock contexts) use it on
 * paths that run per event; java.util maps would box every key (and the agent watches some of
 * java.util's classes).
 */
final class LongMap<V> {
    private long[] keys = new long[8];
    private Object[] values = new Object[8];
    private int size;

    private static int slot(long key, int mask) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h >>> 35) & mask;
    }

    @SuppressWarnings("unchecked")
    V get(long key) {
        int mask = keys.length - 1;
        for (int i = slot(key, mask); ; i = (i + 1) & mask) {
            Object v = values[i];
            if (v == null || keys[i] == key) {
                return (V) v;
            }
        }
    }

    /** Adds or replaces; null values are not allowed (null means absent). */
    void put(long key, V value) {
        if (2 * (size + 1) > keys.length) {
            long[] oldKeys = keys;
            Object[] oldValues = values;
            keys = new long[oldKeys.length * 2];
            values = new Object[oldKeys.length * 2];
            for (int i = 0; i < oldKeys.length; i++) {
                if (oldValues[i] != null) {
                    insert(oldKeys[i], oldValues[i]);
                }
            }
        }
        if (insert(key, value)) {
            size++;
        }
    }

    /** Whether the key is new. */
    private boolean insert(long key, Object value) {
        int mask = keys.length - 1;
        int i = slot(key, mask);
        while (values[i] != null && keys[i] != key) {
            i = (i + 1) & mask;
        }
        boolean fresh = values[i] == null;
        keys[i] = key;
        values[i] = value;
        return fresh;
    }

    int size() {
        return size;
    }
}
