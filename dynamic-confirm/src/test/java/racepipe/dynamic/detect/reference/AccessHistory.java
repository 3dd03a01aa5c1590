package racepipe.dynamic.detect.reference;

import java.util.Arrays;

/**
 * The distinct accesses one location has seen: per (thread, site, kind, locks) the latest
 * epoch. Later accesses of the same key are ordered after earlier ones by program order, so
 * the latest epoch is the only one a pair test needs.
 * <p>A scan runs on every access, so the entries are flat parallel arrays (one cache line for a
 * few keys, no object per entry), and none is a java.util list: the agent watches ArrayList,
 * and every call from here would go through its hooks.
 */
final class AccessHistory {
    private long[] keys = new long[4]; // thread << 33 | site << 1 | write: a scan mostly reads this array alone
    private int[] clocks;     // null for a history without epochs (LS, Eraser): all 0
    private LockSet[] locks;  // held, exclusive per entry; null when locks are not kept apart (HB)
    private int size;

    AccessHistory(boolean keepsLocks, boolean keepsClocks) {
        locks = keepsLocks ? new LockSet[8] : null;
        clocks = keepsClocks ? new int[4] : null;
    }

    static long key(int tid, int site, boolean write) {
        return ((long) tid << 33) | ((site & 0xffffffffL) << 1) | (write ? 1 : 0);
    }

    int size() {
        return size;
    }

    int tid(int i) {
        return (int) (keys[i] >>> 33);
    }

    int site(int i) {
        return (int) (keys[i] >>> 1);
    }

    boolean write(int i) {
        return (keys[i] & 1) != 0;
    }

    int clock(int i) {
        return clocks == null ? 0 : clocks[i];
    }

    LockSet held(int i) {
        return locks[2 * i];
    }

    LockSet exclusive(int i) {
        return locks[2 * i + 1];
    }

    /** Whether entry i is the access (key(tid, site, write), locks): the one a new epoch refreshes. */
    boolean is(int i, long key, LockSet h, LockSet x) {
        return keys[i] == key && (locks == null || (locks[2 * i] == h && locks[2 * i + 1] == x));
    }

    /** Entry i and the access exclude each other: one holds exclusively a lock the other holds at all. */
    boolean excludes(int i, LockSet otherHeld, LockSet otherExclusive) {
        return locks[2 * i + 1].intersects(otherHeld) || locks[2 * i].intersects(otherExclusive);
    }

    /** Refreshes entry {@code at} (found by the caller's scan) or adds the access when at < 0. */
    void note(int at, int tid, int site, boolean write, LockSet h, LockSet x, int clock) {
        if (at >= 0) {
            if (clocks != null) {
                clocks[at] = clock;
            }
            return;
        }
        if (size == keys.length) {
            int n = size * 2;
            keys = Arrays.copyOf(keys, n);
            clocks = clocks == null ? null : Arrays.copyOf(clocks, n);
            locks = locks == null ? null : Arrays.copyOf(locks, 2 * n);
        }
        keys[size] = key(tid, site, write);
        if (clocks != null) {
            clocks[size] = clock;
        }
        if (locks != null) {
            locks[2 * size] = h;
            locks[2 * size + 1] = x;
        }
        size++;
    }
}
