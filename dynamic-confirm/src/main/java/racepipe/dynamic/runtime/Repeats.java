package racepipe.dynamic.runtime;

/**
 * One thread's filter of repeated accesses within the list it has not handed over yet: an
 * access whose object, slot (array index or field id), site and kind are those of an access
 * already in the list is dropped before it is appended.
 * <p>Dropping it is exact. Everything in one list reaches the detectors together, with no
 * other thread's event and no synchronisation of this thread between them, so the repeat has
 * the same context and stamps as the access it repeats, and after that access the entry it
 * lands on is settled: lockset acts on an entry's first access only, Eraser's history bit or
 * its Exclusive owner test returns, hybrid's and happens-before's same-epoch test returns. No
 * pair and no event count changes (EventHub's RepeatsPropertyTest shows it on random traces).
 * Across lists it would not be: another thread's accesses may come between, so {@link #next}
 * forgets everything at each hand-over.
 * <p>Direct-mapped: a place holds the last access that hashed to it, a collision only loses a
 * drop. The object's identity hash is part of the place: found from the site and slot alone,
 * a loop over a few objects (raytrace's spheres) overwrites its own places, and raytrace with
 * all four detectors took 57 s instead of 13.5 s.
 */
final class Repeats {
    private static final int BITS = 14;
    private final Object[] targets = new Object[1 << BITS];
    private final long[] keys = new long[1 << BITS]; // 0: empty (a key has its top bit set)
    private final int[] used = new int[1 << BITS];   // the places filled since next
    private int count;
    /** Accesses dropped since the owner last looked. */
    int hits;

    /** True, counted, when this access repeats one in the list; else it is remembered. */
    boolean seen(Object target, int code, int slot) {
        long key = Long.MIN_VALUE | (long) code << 32 | (slot & 0xffffffffL);
        int h = (System.identityHashCode(target) + code + slot * 0x61C88647) * 0x9E3779B9 >>> (32 - BITS);
        long[] k = keys;
        if (k[h] == key && targets[h] == target) {
            hits++;
            return true;
        }
        if (k[h] == 0) {
            used[count++] = h;
        }
        k[h] = key;
        targets[h] = target;
        return false;
    }

    /** The list was handed over: nothing is remembered. */
    void next() {
        for (int i = 0; i < count; i++) {
            int h = used[i];
            keys[h] = 0;
            targets[h] = null;
        }
        count = 0;
    }
}
