package racepipe.dynamic.detect.reference;

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

    /** this := this joined with other (pointwise maximum). */
    public void join(VectorClock other) {
        if (other.c.length > c.length) {
            c = Arrays.copyOf(c, other.c.length);
        }
        for (int i = 0; i < other.c.length; i++) {
            if (other.c[i] > c[i]) {
                c[i] = other.c[i];
            }
        }
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
