package racepipe.dynamic.detect;

import java.util.Arrays;

/**
 * SyncP's older units of an entry (see {@link SyncpDetector}): the units, before its latest, in
 * which the entry's access may race where its later ones do not, in one int of the entry: 0
 * none, a unit (> 0) when there is one, else -h, list h of this table (its length first, then
 * the units, ascending). Most entries have none or one: no allocation on the common path.
 */
final class SyncpOlder {
    private int[][] lists = new int[8][];
    private int[] free = new int[8];
    private int freeCount;
    private int count = 1; // list 0 unused: -0 is 0

    /** The older units of the entry whose int is {@code v}, into {@code out} (ascending); how many. */
    int read(int v, int[] out) {
        if (v == 0) {
            return 0;
        }
        if (v > 0) {
            out[0] = v;
            return 1;
        }
        int[] l = lists[-v];
        System.arraycopy(l, 1, out, 0, l[0]);
        return l[0];
    }

    /** How many units read would give (to size its array). */
    int size(int v) {
        return v == 0 ? 0 : v > 0 ? 1 : lists[-v][0];
    }

    /** The latest older unit, or 0. */
    int last(int v) {
        if (v >= 0) {
            return v;
        }
        int[] l = lists[-v];
        return l[l[0]];
    }

    /** The int after adding unit c (later than every unit in v); {@code alone}: c makes the others useless. */
    int add(int v, int c, boolean alone) {
        if (v == 0 || alone) {
            clear(v);
            return c;
        }
        int h;
        int[] l;
        if (v > 0) {
            h = freeCount > 0 ? free[--freeCount] : count++;
            if (h >= lists.length) {
                lists = Arrays.copyOf(lists, 2 * h);
            }
            l = lists[h];
            if (l == null || l.length < 4) {
                lists[h] = l = new int[4];
            }
            l[0] = 1;
            l[1] = v;
        } else {
            h = -v;
            l = lists[h];
        }
        if (l[0] + 1 == l.length) {
            lists[h] = l = Arrays.copyOf(l, 2 * l.length);
        }
        l[++l[0]] = c;
        return -h;
    }

    /** Frees v's list, if it has one; the int is then 0. */
    int clear(int v) {
        if (v < 0) {
            if (freeCount == free.length) {
                free = Arrays.copyOf(free, 2 * freeCount);
            }
            free[freeCount++] = -v;
        }
        return 0;
    }
}
