package racepipe.dynamic.detect;

import java.util.Arrays;

/**
 * One of SyncP's ideals that only grow (see {@link SyncpDetector}): a thread's own predecessors'
 * closure, or the closure asked for a pair of an entry's access and a later thread's. Units per
 * thread (whole units in), how far each thread's hard clock has been taken in, and the lock
 * rule's cursors into the section queues ({@link SyncpSections}); all only move forward, so
 * growing the ideal over its life costs each unit and section once.
 */
final class SyncpIdeal {
    int[] v;          // per thread: its last unit in the ideal (0: none)
    int[] expanded;   // per thread: the unit whose hard clock the ideal has taken in (-1: none)
    int[] cursors;    // per section list: how many of its sections (then of its exclusive ones) have their acquire in; null: search
    int flushed;      // a pair's: the entry's units up to this one are in every later closure of the thread's accesses

    SyncpIdeal(int width, int slots, boolean cursors) {
        v = new int[width];
        expanded = new int[width];
        Arrays.fill(expanded, -1);
        this.cursors = cursors ? new int[Math.max(2, 2 * slots)] : null;
    }

    /** Room for threads below width. */
    void widen(int width) {
        if (v.length < width) {
            int from = v.length, m = Math.max(width, 2 * from);
            v = Arrays.copyOf(v, m);
            expanded = Arrays.copyOf(expanded, m);
            Arrays.fill(expanded, from, m, -1);
        }
    }

    /** Takes every unit of the other in (it is closed: what it took in stays taken). */
    void include(SyncpIdeal other) {
        widen(other.v.length);
        for (int x = 0; x < other.v.length; x++) {
            if (other.v[x] > v[x]) {
                v[x] = other.v[x];
            }
        }
    }

    /** Ints it holds, for the detector's budget. */
    int size() {
        return 2 * v.length + (cursors == null ? 0 : cursors.length) + 8;
    }
}
