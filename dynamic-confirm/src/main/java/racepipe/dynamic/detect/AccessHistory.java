package racepipe.dynamic.detect;

import java.util.ArrayList;

/**
 * The distinct accesses one location has seen: per (thread, site, kind, locks) the latest
 * epoch. Later accesses of the same key are ordered after earlier ones by program order, so
 * the latest epoch is the only one a pair test needs.
 */
final class AccessHistory extends ArrayList<AccessHistory.Entry> {
    static final class Entry {
        final int tid;
        final int site;
        final boolean write;
        final LockSet held;
        final LockSet exclusive;
        int clock;

        Entry(int tid, int site, boolean write, LockSet held, LockSet exclusive, int clock) {
            this.tid = tid;
            this.site = site;
            this.write = write;
            this.held = held;
            this.exclusive = exclusive;
            this.clock = clock;
        }

        /** Two accesses of which one holds exclusively a lock the other holds in any mode. */
        boolean excludes(LockSet otherHeld, LockSet otherExclusive) {
            return exclusive.intersects(otherHeld) || held.intersects(otherExclusive);
        }
    }

    /** Adds the access or refreshes the epoch of its key; locks may be null when not tracked. */
    void note(int tid, int site, boolean write, LockSet held, LockSet exclusive, int clock) {
        for (int i = 0, n = size(); i < n; i++) {
            Entry e = get(i);
            if (e.tid == tid && e.site == site && e.write == write && e.held == held && e.exclusive == exclusive) {
                e.clock = clock;
                return;
            }
        }
        add(new Entry(tid, site, write, held, exclusive, clock));
    }
}
