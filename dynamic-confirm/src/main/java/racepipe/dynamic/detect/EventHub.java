package racepipe.dynamic.detect;

import java.util.ArrayList;
import java.util.List;

/**
 * Feeds one event stream to every detector of a run and keeps what they share: each thread's
 * held locks (with reentrancy counts and modes) as its current {@link Context}, and each
 * location's distinct accesses as its {@link Shape}. On an access it finds the access's entry in
 * the location's shape (where the same site found it last time is tried first), adds it when it
 * is new, and hands the entry to every detector; a detector keeps its state in ints of the
 * location's {@link Shadow}, at the offsets given here. Not thread-safe: the caller serialises
 * events.
 */
public final class EventHub {
    private final Detector[] detectors;
    private HeldLocks[] threads = new HeldLocks[8]; // an array: the agent watches ArrayList
    private final Shape root = Shape.empty();
    private final int locationInts; // the detectors' per-location ints, then per entry stride ints
    private final int stride;
    private int[] hints = new int[256]; // by site: the entry it was at the last time
    private int contexts;
    private int shadows;

    /** The locks one thread holds: counts per lock id, split by mode; the context they make. */
    private final class HeldLocks {
        final int tid;
        LockSet held = LockSet.EMPTY;
        LockSet exclusive = LockSet.EMPTY;
        int[] counts = new int[8];
        int[] exclusiveCounts = new int[8];
        Context context;
        private final LongMap<Context> known = new LongMap<>(); // by held id << 32 | exclusive id

        HeldLocks(int tid) {
            this.tid = tid;
            changed();
        }

        int bump(int[] which, int lock, int delta) {
            return which[lock] += delta;
        }

        void ensure(int lock) {
            if (lock >= counts.length) {
                int n = Math.max(lock + 1, counts.length * 2);
                counts = java.util.Arrays.copyOf(counts, n);
                exclusiveCounts = java.util.Arrays.copyOf(exclusiveCounts, n);
            }
        }

        /** The held sets changed: the context is the one for the new sets, made once per combination. */
        void changed() {
            long k = ((long) held.id() << 32) | exclusive.id();
            Context c = known.get(k);
            if (c == null) {
                known.put(k, c = new Context(contexts++, tid, held, exclusive));
            }
            context = c;
        }
    }

    public EventHub(Detector... detectors) {
        this.detectors = detectors;
        int location = 0, entry = 0;
        for (Detector d : detectors) {
            location += d.locationInts();
            entry += d.entryInts();
        }
        this.locationInts = location;
        this.stride = entry;
        location = 0;
        entry = this.locationInts;
        for (Detector d : detectors) {
            d.place(location, entry, stride);
            location += d.locationInts();
            entry += d.entryInts();
        }
    }

    public Detector[] detectors() {
        return detectors;
    }

    public Shadow newShadow() {
        return new Shadow(root, shadows++);
    }

    private HeldLocks locks(int tid) {
        if (tid >= threads.length) {
            threads = java.util.Arrays.copyOf(threads, Math.max(tid + 1, threads.length * 2));
        }
        HeldLocks h = threads[tid];
        return h != null ? h : (threads[tid] = new HeldLocks(tid));
    }

    public void threadStart(int parent, int child) {
        locks(child);
        for (Detector d : detectors) {
            d.threadStart(parent, child);
        }
    }

    public void threadJoin(int joiner, int joined) {
        for (Detector d : detectors) {
            d.threadJoin(joiner, joined);
        }
    }

    /** After tid acquired lock; reentrant acquires change nothing. */
    public void acquire(int tid, int lock, boolean exclusive) {
        HeldLocks h = locks(tid);
        h.ensure(lock);
        boolean first = h.bump(h.counts, lock, 1) == 1;
        boolean firstExclusive = exclusive && h.bump(h.exclusiveCounts, lock, 1) == 1;
        if (firstExclusive) {
            h.exclusive = h.exclusive.with(lock);
        }
        if (first || firstExclusive) { // a read hold taking the write mode too is an acquire
            h.held = h.held.with(lock);
            h.changed();
            for (Detector d : detectors) {
                d.acquire(tid, lock, exclusive);
            }
        }
    }

    /** Before tid releases lock; only the outermost release is a release. */
    public void release(int tid, int lock, boolean exclusive) {
        HeldLocks h = locks(tid);
        h.ensure(lock);
        if (h.counts[lock] == 0) {
            return; // a release we never saw acquired (e.g. IllegalMonitorState): ignore
        }
        boolean last = h.bump(h.counts, lock, -1) == 0;
        boolean lastExclusive = exclusive && h.exclusiveCounts[lock] > 0 && h.bump(h.exclusiveCounts, lock, -1) == 0;
        if (lastExclusive) {
            h.exclusive = h.exclusive.without(lock);
        }
        if (last) {
            h.held = h.held.without(lock);
        }
        if (last || lastExclusive) {
            h.changed();
            for (Detector d : detectors) {
                d.release(tid, lock, exclusive);
            }
        }
    }

    /** Releases every hold of a monitor (wait) and returns how many there were. */
    public int releaseAll(int tid, int lock) {
        HeldLocks h = locks(tid);
        h.ensure(lock);
        int n = h.counts[lock];
        for (int i = 0; i < n; i++) {
            release(tid, lock, true);
        }
        return n;
    }

    public void reacquire(int tid, int lock, int count) {
        for (int i = 0; i < count; i++) {
            acquire(tid, lock, true);
        }
    }

    public void notifyWaiters(int tid, int monitor) {
        for (Detector d : detectors) {
            d.notifyWaiters(tid, monitor);
        }
    }

    public void waitReturn(int tid, int monitor) {
        for (Detector d : detectors) {
            d.waitReturn(tid, monitor);
        }
    }

    public void volatileAccess(int tid, int variable, boolean write) {
        for (Detector d : detectors) {
            d.volatileAccess(tid, variable, write);
        }
    }

    /**
     * A plain access: its entry in the location's shape (added when new), then every detector.
     * The common case, a repeat from the same site, costs two array reads and one comparison
     * before the detectors.
     */
    public void access(int tid, Shadow location, int site, boolean write) {
        Context by = (tid < threads.length && threads[tid] != null ? threads[tid] : locks(tid)).context;
        long key = Shape.key(by, site, write);
        Shape s = location.shape;
        int[] h = hints;
        int e = s.find(key, site < h.length ? h[site] : 0);
        boolean fresh = e < 0;
        if (fresh) {
            s = s.with(key, by);
            location.shape = s;
            e = s.size() - 1;
            grow(location, e);
            if (site >= h.length) {
                hints = h = java.util.Arrays.copyOf(h, Math.max(site + 1, 2 * h.length));
            }
        }
        if (site < h.length) {
            h[site] = e;
        }
        for (Detector d : detectors) {
            d.access(location, e, fresh, by);
        }
    }

    /** Room for entry e's ints: exact for the first few entries, then half as much again. */
    private void grow(Shadow location, int e) {
        int need = locationInts + (e + 1) * stride;
        int[] d = location.data;
        if (need == 0) {
            return; // lockset alone keeps nothing but the shape
        }
        if (d == null) {
            location.data = new int[need];
        } else if (d.length < need) {
            location.data = java.util.Arrays.copyOf(d, e < 8 ? need : locationInts + (e + 1) * 3 / 2 * stride);
        }
    }

    /** The four detectors of a run, by name: ls, eraser, hybrid, hb. */
    public static EventHub of(List<String> names) {
        List<Detector> ds = new ArrayList<>();
        for (String n : names) {
            switch (n.trim()) {
                case "ls" -> ds.add(new LocksetDetector());
                case "eraser" -> ds.add(new EraserDetector());
                case "hybrid" -> ds.add(new HybridDetector());
                case "hb" -> ds.add(new HappensBeforeDetector());
                case "" -> { }
                default -> throw new IllegalArgumentException("unknown detector: " + n);
            }
        }
        return new EventHub(ds.toArray(new Detector[0]));
    }
}
