package racepipe.dynamic.detect;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Feeds a hand-written event sequence to all seven detectors, as the runtime would, and logs it. */
final class Trace {
    final LocksetDetector ls = new LocksetDetector();
    final EraserDetector eraser = new EraserDetector();
    final HybridDetector hybrid = new HybridDetector();
    final HappensBeforeDetector hb = new HappensBeforeDetector();
    final ShbDetector shb = new ShbDetector();
    final WcpDetector wcp = new WcpDetector();
    final SyncpDetector syncp;
    /** The events as the detectors get them (the hub drops reentrant locks), for the reference implementations. */
    final List<int[]> log = new ArrayList<>();
    static final int READ = 0, WRITE = 1, ACQ = 2, REL = 3, FORK = 4, JOIN = 5, NOTIFY = 6, WAITRET = 7, VW = 8, VR = 9;
    private final Detector recorder = new Detector() {
        private final PairTable none = new PairTable();

        @Override
        public String name() {
            return "log";
        }

        @Override
        public PairTable pairs() {
            return none;
        }

        @Override
        public int repeatColumn() {
            return NEVER;
        }

        @Override
        public void threadStart(int parent, int child) {
            log.add(new int[] {FORK, parent, child, 0});
        }

        @Override
        public void threadJoin(int joiner, int joined) {
            log.add(new int[] {JOIN, joiner, joined, 0});
        }

        @Override
        public void acquire(int tid, int lock, boolean exclusive) {
            log.add(new int[] {ACQ, tid, lock, exclusive ? 1 : 0});
        }

        @Override
        public void release(int tid, int lock, boolean exclusive) {
            log.add(new int[] {REL, tid, lock, exclusive ? 1 : 0});
        }

        @Override
        public void notifyWaiters(int tid, int monitor) {
            log.add(new int[] {NOTIFY, tid, monitor, 0});
        }

        @Override
        public void waitReturn(int tid, int monitor) {
            log.add(new int[] {WAITRET, tid, monitor, 0});
        }

        @Override
        public void volatileAccess(int tid, int variable, boolean write) {
            log.add(new int[] {write ? VW : VR, tid, variable, 0});
        }

        @Override
        public void access(Shape shape, int[] data, int base, int e, boolean fresh, Context by) {
        }
    };
    final EventHub hub;

    Trace() {
        this(SyncpDetector.PAIR_BUDGET);
    }

    /** With syncp's pair ideals limited to this many ints (0: none, each pair's closure from scratch). */
    Trace(long syncpPairBudget) {
        syncp = new SyncpDetector(syncpPairBudget);
        hub = new EventHub(ls, eraser, hybrid, hb, shb, wcp, syncp, recorder);
        hub.atomicity(new AtomicityDetector()); // as in every detect run (the agent's atomic= option): it sees each event first
    }
    private final Map<Integer, Shadow> locations = new HashMap<>();

    Trace start(int parent, int child) {
        hub.threadStart(parent, child);
        return this;
    }

    Trace join(int joiner, int joined) {
        hub.threadJoin(joiner, joined);
        return this;
    }

    Trace lock(int tid, int lock) {
        hub.acquire(tid, lock, true);
        return this;
    }

    Trace unlock(int tid, int lock) {
        hub.release(tid, lock, true);
        return this;
    }

    Trace readLock(int tid, int lock) {
        hub.acquire(tid, lock, false);
        return this;
    }

    Trace readUnlock(int tid, int lock) {
        hub.release(tid, lock, false);
        return this;
    }

    Trace notifyAll(int tid, int monitor) {
        hub.notifyWaiters(tid, monitor);
        return this;
    }

    Trace waitReturn(int tid, int monitor) {
        hub.waitReturn(tid, monitor);
        return this;
    }

    Trace volatileWrite(int tid, int var) {
        hub.volatileAccess(tid, var, true);
        return this;
    }

    Trace volatileRead(int tid, int var) {
        hub.volatileAccess(tid, var, false);
        return this;
    }

    Trace send(int tid, int object) {
        hub.handOff(tid, object, true);
        return this;
    }

    Trace receive(int tid, int object) {
        hub.handOff(tid, object, false);
        return this;
    }

    Trace read(int tid, int location, int site) {
        log.add(new int[] {READ, tid, location, site});
        hub.access(tid, shadow(location), site, false);
        return this;
    }

    Trace write(int tid, int location, int site) {
        log.add(new int[] {WRITE, tid, location, site});
        hub.access(tid, shadow(location), site, true);
        return this;
    }

    private Shadow shadow(int location) {
        return locations.computeIfAbsent(location, k -> hub.newShadow());
    }
}
