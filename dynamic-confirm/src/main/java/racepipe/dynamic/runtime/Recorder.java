package racepipe.dynamic.runtime;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import racepipe.contract.RunResult;
import racepipe.dynamic.detect.Detector;
import racepipe.dynamic.detect.EventHub;
import racepipe.dynamic.detect.PairTable;
import racepipe.dynamic.detect.Shadow;

/**
 * Phase 1's recorder: turns the runtime's events into detector events, one at a time under its
 * own lock, so every detector sees one order. At the end it completes the run's RunResult.
 */
final class Recorder {
    private final EventHub hub;
    private final ShadowMap shadows;
    final Threads threads = new Threads();
    private final IdentityHashMap<Object, Integer> lockIds = new IdentityHashMap<>();

    Recorder(List<String> detectors) {
        this.hub = EventHub.of(detectors);
        this.shadows = new ShadowMap(hub::newShadow);
    }

    private int lockId(Object lock) {
        Integer id = lockIds.get(lock);
        if (id == null) {
            id = lockIds.size();
            lockIds.put(lock, id);
        }
        return id;
    }

    synchronized void field(Object target, int site, boolean write) {
        Site s = Sites.get(site);
        Shadow loc = target == null ? shadows.staticField(s.field) : shadows.field(target, s.field);
        hub.access(threads.current(), loc, site, write);
    }

    /** An access inside a watched collection class: its own field, counted at the application's call site. */
    synchronized void field(Object target, int field, int site, boolean write) {
        Shadow loc = target == null ? shadows.staticField(field) : shadows.field(target, field);
        hub.access(threads.current(), loc, site, write);
    }

    synchronized void element(Object array, int index, int site, boolean write) {
        Shadow loc = shadows.element(array, index);
        if (loc != null) { // null: out of bounds, the access itself throws
            hub.access(threads.current(), loc, site, write);
        }
    }

    synchronized void volatileField(Object target, int site, boolean write) {
        Site s = Sites.get(site);
        Shadow loc = target == null ? shadows.staticField(s.field) : shadows.field(target, s.field);
        hub.volatileAccess(threads.current(), loc.id, write);
    }

    private static final int SYNC_FIELD = Sites.field("racepipe/runtime/Synchronizers", "clock");

    /** A synchroniser's release (true) or acquire (false): an edge for happens-before only. */
    synchronized void syncEdge(Object sync, boolean release) {
        hub.volatileAccess(threads.current(), shadows.field(sync, SYNC_FIELD).id, release);
    }

    synchronized void acquire(Object lock, boolean exclusive) {
        hub.acquire(threads.current(), lockId(lock), exclusive);
    }

    synchronized void release(Object lock, boolean exclusive) {
        hub.release(threads.current(), lockId(lock), exclusive);
    }

    /** Before a wait: drops every hold of the monitor; returns the count to restore. */
    synchronized int beforeWait(Object monitor) {
        return hub.releaseAll(threads.current(), lockId(monitor));
    }

    synchronized void afterWait(Object monitor, Object lock, int holds) {
        int tid = threads.current();
        hub.waitReturn(tid, lockId(monitor));
        hub.reacquire(tid, lockId(lock), holds);
    }

    synchronized void notifyWaiters(Object monitor) {
        hub.notifyWaiters(threads.current(), lockId(monitor));
    }

    synchronized void start(Thread child) {
        hub.threadStart(threads.current(), threads.idOf(child));
    }

    synchronized void join(Thread joined) {
        if (!joined.isAlive()) {
            hub.threadJoin(threads.current(), threads.idOf(joined));
        }
    }

    /**
     * The run's result: how it ended (from {@code ending}, whose pairs and sites are ignored) and
     * what the detectors found: each one's pairs, in order, and the sites they name.
     */
    synchronized RunResult complete(RunResult ending) {
        List<RunResult.Pair> pairs = new ArrayList<>();
        List<Integer> used = new ArrayList<>();
        boolean[] seen = new boolean[Sites.count()];
        for (Detector d : hub.detectors()) {
            for (PairTable.Entry p : d.pairs().entries().values()) {
                pairs.add(new RunResult.Pair(d.name(), p.siteA, p.siteB, p.events, threads.name(p.threadA),
                        threads.name(p.threadB)));
                for (int s : new int[] {p.siteA, p.siteB}) {
                    if (!seen[s]) {
                        seen[s] = true;
                        used.add(s);
                    }
                }
            }
        }
        List<RunResult.Site> sites = new ArrayList<>();
        for (int id : used) {
            Site s = Sites.get(id);
            sites.add(new RunResult.Site(id, s.owner, s.method, s.desc, s.bci, s.file, s.line, s.variable, s.write,
                    Sites.library(id)));
        }
        return new RunResult(ending.outcome(), ending.schedule(), ending.watchdog(), ending.deadlock(),
                ending.exitStatus(), ending.exceptions(), List.copyOf(pairs), List.copyOf(sites));
    }
}
