package racepipe.dynamic.detect;

/**
 * One thread's run of plain accesses between two of its synchronisation events, as the hub
 * processes it: the thread's context and the detectors' stamps (read once, under the hub's lock,
 * by {@link EventHub#begin(Batch, int)}), and the arrays whose {@link Cells} it owns meanwhile.
 * <p>Batches of different threads may be processed at once (their accesses are concurrent: see
 * the runtime's Recorder). Each array belongs to one batch at a time, so a location's state
 * changes one access at a time; the order two batches' accesses reach one location is one the
 * run could have had. A batch that finds an array owned by another gives up all of its own
 * first and then waits: nobody waits while holding one, so no two batches wait for each other.
 */
public final class Batch {
    private static final int SPINS = 100; // then yield: on a loaded machine the owner may be off its core

    Context by;             // the thread's context until its next synchronisation event
    int s0, s1, s2, s3;     // the first four detectors' stamps for the thread
    final int[] stamps;     // every detector's stamp
    private Cells[] owned = new Cells[8];
    private int count;

    Batch(int detectors) {
        this.stamps = new int[detectors];
    }

    /**
     * Makes c this batch's. True when another batch held it, so this one gave up every array it
     * owned before waiting: the caller must own them again before touching them.
     */
    public boolean own(Cells c) {
        if (c.owner == this) {
            return false;
        }
        if (Cells.OWNER.compareAndSet(c, null, this)) {
            add(c);
            return false;
        }
        releaseAll();
        for (int spins = 0; !Cells.OWNER.compareAndSet(c, null, this); spins++) {
            if (spins < SPINS) {
                Thread.onSpinWait();
            } else {
                Thread.yield();
            }
        }
        add(c);
        return true;
    }

    private void add(Cells c) {
        if (count == owned.length) {
            owned = java.util.Arrays.copyOf(owned, 2 * count);
        }
        owned[count++] = c;
    }

    /** Gives up c, when this batch owns it (it has moved on to other arrays: another batch may want c). */
    public void release(Cells c) {
        for (int i = 0; i < count; i++) {
            if (owned[i] == c) {
                Cells.OWNER.setRelease(c, null);
                owned[i] = owned[--count];
                owned[count] = null;
                return;
            }
        }
    }

    /** Gives up every array this batch owns (at its end, and before it waits for another's). */
    public void releaseAll() {
        for (int i = 0; i < count; i++) {
            Cells.OWNER.setRelease(owned[i], null);
            owned[i] = null;
        }
        count = 0;
    }
}
