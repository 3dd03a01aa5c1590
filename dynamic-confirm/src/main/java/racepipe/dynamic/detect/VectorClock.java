package racepipe.dynamic.detect;

import java.util.Arrays;

/** A mutable vector clock indexed by thread id; missing entries are 0. */
public final class VectorClock {
    private int[] c;

    public VectorClock() {
        this.c = new int[4];
    }

    public VectorClock(VectorClock other) {
        this.c = other.c.clone();
    }

    public int get(int tid) {
        return tid < c.length ? c[tid] : 0;
    }

    public void set(int tid, int value) {
        if (tid >= c.length) {
            c = Arrays.copyOf(c, Math.max(tid + 1, c.length * 2));
        }
        c[tid] = value;
    }

    public void tick(int tid) {
        set(tid, get(tid) + 1);
    }

    /** this := this joined with other (pointwise maximum); whether this changed. */
    public boolean join(VectorClock other) {
        if (other.c.length > c.length) {
            c = Arrays.copyOf(c, other.c.length);
        }
        boolean changed = false;
        for (int i = 0; i < other.c.length; i++) {
            if (other.c[i] > c[i]) {
                c[i] = other.c[i];
                changed = true;
            }
        }
        return changed;
    }

    /** this := other. */
    public void assign(VectorClock other) {
        if (c.length < other.c.length) {
            c = new int[other.c.length];
        }
        System.arraycopy(other.c, 0, c, 0, other.c.length);
        java.util.Arrays.fill(c, other.c.length, c.length, 0);
    }

    /** this := the pointwise minimum of a and b. */
    public void meet(VectorClock a, VectorClock b) {
        int n = Math.max(a.c.length, b.c.length);
        if (c.length < n) {
            c = new int[n];
        }
        for (int i = 0; i < c.length; i++) {
            c[i] = Math.min(a.get(i), b.get(i));
        }
    }

    /** Thread ids below this may have a non-zero entry. */
    public int width() {
        return c.length;
    }

    /** The epoch clock@tid happened before this clock (FastTrack's O(1) test). */
    public boolean sees(int tid, int clock) {
        return clock <= get(tid);
    }

    @Override
    public String toString() {
        return Arrays.toString(c);
    }
}
