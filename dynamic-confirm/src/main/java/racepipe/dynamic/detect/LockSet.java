package racepipe.dynamic.detect;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * An immutable, interned set of lock ids. Interning makes equal sets the same object, so a
 * thread's current set is a reference and the hot path allocates only on a new combination;
 * with, without and intersect are memoised on the sets' ids. The caches are shared by every set
 * (and every run of a JVM): one static lock guards them.
 */
public final class LockSet {
    private static final Object CACHES = new Object();
    private static final Map<LockSet, LockSet> INTERNED = new HashMap<>();
    private static final LongMap<LockSet> WITH = new LongMap<>();      // id << 32 | lock -> the set with lock
    private static final LongMap<LockSet> WITHOUT = new LongMap<>();   // id << 32 | lock -> the set without it
    private static final LongMap<LockSet> MEET = new LongMap<>();      // low id << 32 | high id -> the intersection
    private static int nextId;

    public static final LockSet EMPTY = intern(new int[0]);

    private final int[] locks; // sorted, distinct
    private final int id;
    private final int hash;

    private LockSet(int[] locks, int id) {
        this.locks = locks;
        this.id = id;
        this.hash = Arrays.hashCode(locks);
    }

    private static LockSet intern(int[] sorted) {
        synchronized (CACHES) {
            LockSet probe = new LockSet(sorted, -1);
            LockSet found = INTERNED.get(probe);
            if (found == null) {
                found = new LockSet(sorted, nextId++);
                INTERNED.put(found, found);
            }
            return found;
        }
    }

    public static LockSet of(int... locks) {
        int[] s = Arrays.stream(locks).distinct().sorted().toArray();
        return intern(s);
    }

    public LockSet with(int lock) {
        long k = ((long) id << 32) | (lock & 0xffffffffL);
        synchronized (CACHES) {
            LockSet r = WITH.get(k);
            if (r == null) {
                if (contains(lock)) {
                    r = this;
                } else {
                    int[] s = Arrays.copyOf(locks, locks.length + 1);
                    s[locks.length] = lock;
                    Arrays.sort(s);
                    r = intern(s);
                }
                WITH.put(k, r);
            }
            return r;
        }
    }

    public LockSet without(int lock) {
        long k = ((long) id << 32) | (lock & 0xffffffffL);
        synchronized (CACHES) {
            LockSet r = WITHOUT.get(k);
            if (r == null) {
                r = contains(lock) ? intern(Arrays.stream(locks).filter(l -> l != lock).toArray()) : this;
                WITHOUT.put(k, r);
            }
            return r;
        }
    }

    public boolean contains(int lock) {
        return Arrays.binarySearch(locks, lock) >= 0;
    }

    /** True when the two sets share a lock. */
    public boolean intersects(LockSet other) {
        if (this == other) {
            return locks.length > 0;
        }
        int i = 0, j = 0;
        while (i < locks.length && j < other.locks.length) {
            int a = locks[i], b = other.locks[j];
            if (a == b) {
                return true;
            }
            if (a < b) {
                i++;
            } else {
                j++;
            }
        }
        return false;
    }

    public LockSet intersect(LockSet other) {
        if (this == other || locks.length == 0) {
            return this;
        }
        if (other.locks.length == 0) {
            return other;
        }
        long k = id < other.id ? ((long) id << 32) | other.id : ((long) other.id << 32) | id;
        synchronized (CACHES) {
            LockSet r = MEET.get(k);
            if (r == null) {
                int[] common = new int[Math.min(locks.length, other.locks.length)];
                int n = 0;
                for (int i = 0, j = 0; i < locks.length && j < other.locks.length; ) {
                    int a = locks[i], b = other.locks[j];
                    if (a == b) {
                        common[n++] = a;
                        i++;
                        j++;
                    } else if (a < b) {
                        i++;
                    } else {
                        j++;
                    }
                }
                r = n == locks.length ? this : n == other.locks.length ? other : intern(Arrays.copyOf(common, n));
                MEET.put(k, r);
            }
            return r;
        }
    }

    /** A run-wide small number naming this set (equal sets, one id). */
    /** The i-th lock of the set (0 to size - 1), in id order. */
    int lock(int i) {
        return locks[i];
    }

    int id() {
        return id;
    }

    public boolean isEmpty() {
        return locks.length == 0;
    }

    public int size() {
        return locks.length;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LockSet l && Arrays.equals(locks, l.locks);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public String toString() {
        return Arrays.toString(locks);
    }
}
