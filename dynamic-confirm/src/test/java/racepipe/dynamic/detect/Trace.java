package racepipe.dynamic.detect;

import java.util.HashMap;
import java.util.Map;

/** Feeds a hand-written event sequence to all seven detectors, as the runtime would. */
final class Trace {
    final LocksetDetector ls = new LocksetDetector();
    final EraserDetector eraser = new EraserDetector();
    final HybridDetector hybrid = new HybridDetector();
    final HappensBeforeDetector hb = new HappensBeforeDetector();
    final ShbDetector shb = new ShbDetector();
    final WcpDetector wcp = new WcpDetector();
    final SyncpDetector syncp = new SyncpDetector();
    final EventHub hub = new EventHub(ls, eraser, hybrid, hb, shb, wcp, syncp);
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

    Trace read(int tid, int location, int site) {
        hub.access(tid, shadow(location), site, false);
        return this;
    }

    Trace write(int tid, int location, int site) {
        hub.access(tid, shadow(location), site, true);
        return this;
    }

    private Shadow shadow(int location) {
        return locations.computeIfAbsent(location, k -> hub.newShadow());
    }
}
