package racepipe.dynamic.detect;

import java.util.Arrays;

/**
 * The distinct accesses one location has seen: per (thread, site, kind, locks) the latest
 * epoch. Later accesses of the same key are ordered after earlier ones by program order, so
 * the latest epoch is the only one a pair test needs. A plain array, not a java.util list: the
 * agent watches ArrayList, and every call from here would go through its hooks.
 */
final class AccessHistory {
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

        boolean is(int site, boolean write, LockSet held, LockSet exclusive) {
            return this.site == site && this.write == write && this.held == held && this.exclusive == exclusive;
        }
    }

    private Entry[] entries = new Entry[4];
    private int size;

    int size() {
        return size;
    }

    Entry get(int i) {
        return entries[i];
    }

    /** Adds the access or refreshes the epoch of its key; locks may be null when not tracked. */
    void note(int tid, int site, boolean write, LockSet held, LockSet exclusive, int clock) {
        for (int i = 0; i < size; i++) {
            Entry e = entries[i];
            if (e.tid == tid && e.is(site, write, held, exclusive)) {
                e.clock = clock;
                return;
            }
        }
        add(new Entry(tid, site, write, held, exclusive, clock));
    }

    /** As {@link #note}, when the caller's scan already found the key's entry (null: none yet). */
    void note(Entry found, int tid, int site, boolean write, LockSet held, LockSet exclusive, int clock) {
        if (found != null) {
            found.clock = clock;
        } else {
            add(new Entry(tid, site, write, held, exclusive, clock));
        }
    }

    private void add(Entry e) {
        if (size == entries.length) {
            entries = Arrays.copyOf(entries, size * 2);
        }
        entries[size++] = e;
    }
}
