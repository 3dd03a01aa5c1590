package racepipe.dynamic.detect.reference;

import java.util.ArrayList;
import java.util.List;

/**
 * Feeds one event stream to every detector of a run and keeps what they share: each thread's
 * held locks (with reentrancy counts and modes). Not thread-safe: the caller serialises events.
 */
public final class EventHub {
    private final Detector[] detectors;
    private HeldLocks[] threads = new HeldLocks[8]; // an array: the agent watches ArrayList

    /** The locks one thread holds: counts per lock id, split by mode. */
    private static final class HeldLocks {
        LockSet held = LockSet.EMPTY;
        LockSet exclusive = LockSet.EMPTY;
        int[] counts = new int[8];
        int[] exclusiveCounts = new int[8];

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
    }

    public EventHub(Detector... detectors) {
        this.detectors = detectors;
    }

    public Detector[] detectors() {
        return detectors;
    }

    private int shadows;

    public Shadow newShadow() {
        return new Shadow(detectors.length, shadows++);
    }

    private HeldLocks locks(int tid) {
        if (tid >= threads.length) {
            threads = java.util.Arrays.copyOf(threads, Math.max(tid + 1, threads.length * 2));
        }
        HeldLocks h = threads[tid];
        return h != null ? h : (threads[tid] = new HeldLocks());
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

    public void access(int tid, Shadow location, int site, boolean write) {
        HeldLocks h = locks(tid);
        for (int i = 0; i < detectors.length; i++) {
            detectors[i].access(tid, location, i, site, write, h.held, h.exclusive);
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
