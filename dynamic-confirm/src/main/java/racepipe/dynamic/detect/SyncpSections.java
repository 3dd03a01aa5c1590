package racepipe.dynamic.detect;

import java.util.Arrays;

/**
 * SyncP's locks (see {@link SyncpDetector}): each lock's critical sections per thread that took
 * it, as epochs of their acquire and release in the thread, in trace order, and the lock rule
 * of the sync-preserving closure on a set given as the last epoch it holds of each thread. The
 * paper's section queues: an ideal that only grows keeps, per lock and thread, how many of the
 * thread's sections have their acquire in it ({@link SyncpIdeal#cursors}), a count that only
 * moves forward, so the rule costs an ideal each section once over its life, not a search per
 * round; an ideal without cursors searches.
 */
final class SyncpSections {
    private final LongMap<Lock> locks = new LongMap<>();
    private Lock[] shared = new Lock[8]; // the locks more than one thread took
    private int sharedCount;
    private long sequence; // acquires in trace order
    private long[] all = new long[4], exclusive = new long[4];
    private int[] lasts = new int[4];
    private int open;                        // sections open now, of every thread
    private int[] openOf = new int[8];       // per thread
    private int slots; // the shared locks' section lists, numbered: two cursors each in an ideal

    /** Whether a thread other than tid holds a section now. */
    boolean othersHold(int tid) {
        return open > (tid < openOf.length ? openOf[tid] : 0);
    }

    private void opened(int tid, int delta) {
        if (tid >= openOf.length) {
            openOf = Arrays.copyOf(openOf, Math.max(tid + 1, 2 * openOf.length));
        }
        openOf[tid] += delta;
        open += delta;
    }

    /** A lock's sections, per thread that took it. */
    private static final class Lock {
        int[] tids = new int[2];
        Sections[] of = new Sections[2];
        int n;
    }

    /** One thread's sections of one lock, in its order: epochs of acquire and release (-1 open). */
    private static final class Sections {
        int[] acquired = new int[4];
        int[] released = new int[4];
        long[] seq = new long[4];
        boolean[] exclusive = new boolean[4];
        int[] outer = new int[4]; // the section open around this one (a write mode taken inside a read mode), or -1
        int n;
        int[] exclusives = new int[4]; // indices of the exclusive ones
        int exclusiveCount;
        int slot = -1; // its number once its lock is shared (see SyncpIdeal#cursors)

        /** The last acquire whose epoch is at most k, or -1 (exclusive ones only if asked). */
        int last(int k, boolean onlyExclusive) {
            int lo = 0, hi = (onlyExclusive ? exclusiveCount : n) - 1, found = -1;
            while (lo <= hi) {
                int mid = (lo + hi) >>> 1;
                int i = onlyExclusive ? exclusives[mid] : mid;
                if (acquired[i] <= k) {
                    found = i;
                    lo = mid + 1;
                } else {
                    hi = mid - 1;
                }
            }
            return found;
        }
    }

    /** Applies the lock rule of every lock more than one thread took to the ideal (its cursors cover {@link #slots}, or none); whether it grew. */
    boolean close(SyncpIdeal ideal) {
        boolean changed = false;
        for (int i = 0; i < sharedCount; i++) {
            changed |= lockRule(shared[i], ideal.v, ideal.cursors);
        }
        return changed;
    }

    /** How many section lists an ideal's cursors cover now. */
    int slots() {
        return slots;
    }

    /** The last of a's sections whose acquire is in the ideal (at most k), or -1: its cursor moved forward, or a search. */
    private static int last(Sections a, int k, int[] cursors) {
        if (cursors == null) {
            return a.last(k, false);
        }
        int at = 2 * a.slot, n = cursors[at];
        while (n < a.n && a.acquired[n] <= k) {
            n++;
        }
        cursors[at] = n;
        return n - 1;
    }

    /** The same for a's exclusive sections. */
    private static int lastExclusive(Sections a, int k, int[] cursors) {
        if (cursors == null) {
            return a.last(k, true);
        }
        int at = 2 * a.slot + 1, n = cursors[at];
        while (n < a.exclusiveCount && a.acquired[a.exclusives[n]] <= k) {
            n++;
        }
        cursors[at] = n;
        return n > 0 ? a.exclusives[n - 1] : -1;
    }

    /**
     * Sync-preservation on one lock: of two acquires of two threads in the set, the earlier one's
     * section is complete in it (a read-mode section only against an exclusive one). A thread's
     * sections of a lock follow one another, except that one may take the write mode inside
     * its read-mode section: its open ones in the set are its last one and those around it.
     */
    private boolean lockRule(Lock l, int[] v, int[] cursors) {
        long[] all = this.all, exclusive = this.exclusive;
        if (all.length < l.n) {
            this.all = all = new long[2 * l.n];
            this.exclusive = exclusive = new long[2 * l.n];
        }
        int[] lasts = this.lasts;
        if (lasts.length < l.n) {
            this.lasts = lasts = new int[2 * l.n];
        }
        for (int j = 0; j < l.n; j++) {
            Sections a = l.of[j];
            int k = v[l.tids[j]];
            int i = last(a, k, cursors), ie = lastExclusive(a, k, cursors);
            lasts[j] = i;
            all[j] = i >= 0 ? a.seq[i] : -1;
            exclusive[j] = ie >= 0 ? a.seq[ie] : -1;
        }
        // the latest two acquires in the set (of any mode, of the exclusive ones) and whose the latest is
        long all1 = -1, all2 = -1, ex1 = -1, ex2 = -1;
        int allAt = -1, exAt = -1;
        for (int j = 0; j < l.n; j++) {
            if (all[j] > all1) {
                all2 = all1;
                all1 = all[j];
                allAt = j;
            } else if (all[j] > all2) {
                all2 = all[j];
            }
            if (exclusive[j] > ex1) {
                ex2 = ex1;
                ex1 = exclusive[j];
                exAt = j;
            } else if (exclusive[j] > ex2) {
                ex2 = exclusive[j];
            }
        }
        if (all2 < 0) {
            return false; // one thread's sections at most: the rule orders nothing
        }
        boolean changed = false;
        for (int j = 0; j < l.n; j++) {
            int x = l.tids[j];
            Sections a = l.of[j];
            long laterAll = j == allAt ? all2 : all1, laterExclusive = j == exAt ? ex2 : ex1; // the other threads' latest acquires in the set
            for (int i = lasts[j]; i >= 0; i = a.outer[i]) {
                if (a.released[i] < 0 || a.released[i] <= v[x]) {
                    continue; // open (no later acquire exists), or complete in the set
                }
                if ((a.exclusive[i] ? laterAll : laterExclusive) > a.seq[i]) {
                    v[x] = Math.max(v[x], a.released[i]);
                    changed = true;
                }
            }
        }
        return changed;
    }

    private Sections of(int lock, int tid) {
        Lock l = locks.get(lock);
        if (l == null) {
            locks.put(lock, l = new Lock());
        }
        for (int j = 0; j < l.n; j++) {
            if (l.tids[j] == tid) {
                return l.of[j];
            }
        }
        if (l.n == l.tids.length) {
            l.tids = Arrays.copyOf(l.tids, 2 * l.n);
            l.of = Arrays.copyOf(l.of, 2 * l.n);
        }
        l.tids[l.n] = tid;
        Sections a = l.of[l.n++] = new Sections();
        if (l.n == 2) { // a second thread: the lock rule may now order something
            if (sharedCount == shared.length) {
                shared = Arrays.copyOf(shared, 2 * sharedCount);
            }
            shared[sharedCount++] = l;
            l.of[0].slot = slots++;
        }
        if (l.n >= 2) {
            a.slot = slots++;
        }
        return a;
    }

    /** tid acquired lock at the end of its epoch. */
    void acquire(int tid, int lock, boolean exclusive, int epoch) {
        Sections a = of(lock, tid);
        if (a.n == a.acquired.length) {
            int m = 2 * a.n;
            a.acquired = Arrays.copyOf(a.acquired, m);
            a.released = Arrays.copyOf(a.released, m);
            a.seq = Arrays.copyOf(a.seq, m);
            a.exclusive = Arrays.copyOf(a.exclusive, m);
            a.outer = Arrays.copyOf(a.outer, m);
        }
        int open = a.n - 1;
        while (open >= 0 && a.released[open] >= 0) {
            open = a.outer[open];
        }
        a.outer[a.n] = open;
        a.acquired[a.n] = epoch;
        a.released[a.n] = -1;
        a.seq[a.n] = sequence++;
        a.exclusive[a.n] = exclusive;
        if (exclusive) {
            if (a.exclusiveCount == a.exclusives.length) {
                a.exclusives = Arrays.copyOf(a.exclusives, 2 * a.exclusiveCount);
            }
            a.exclusives[a.exclusiveCount++] = a.n;
        }
        a.n++;
        opened(tid, 1);
    }

    /** tid released lock at the end of its epoch (its latest open section); whether one was open. */
    boolean release(int tid, int lock, int epoch) {
        Sections a = of(lock, tid);
        for (int i = a.n - 1; i >= 0; i--) {
            if (a.released[i] < 0) {
                a.released[i] = epoch;
                opened(tid, -1);
                return true;
            }
        }
        return false;
    }
}
