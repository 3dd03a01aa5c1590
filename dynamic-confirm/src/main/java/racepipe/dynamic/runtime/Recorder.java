package racepipe.dynamic.runtime;

import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import racepipe.contract.RunResult;
import racepipe.dynamic.detect.Batch;
import racepipe.dynamic.detect.Cells;
import racepipe.dynamic.detect.Detector;
import racepipe.dynamic.detect.EventHub;
import racepipe.dynamic.detect.PairTable;
import racepipe.dynamic.detect.Shadow;

/**
 * Phase 1's recorder: turns the runtime's events into detector events. Synchronisation events
 * go to the detectors one at a time, under the hub's monitor ({@code lock}). At the end it
 * completes the run's RunResult.
 * <p>Plain accesses do not take the lock: each thread appends them to its own {@link Pending}
 * list, and hands the list to the detectors before its next synchronisation event, when the
 * list is full, and when it ends; a join hands over the joined thread's list, the run's end
 * everyone's. The order the detectors see is still one the run could have had: a thread's
 * accesses move later, but never past its own next synchronisation, so nothing that happened
 * after them in another thread (which needs that synchronisation) comes first. Two threads'
 * accesses between synchronisations are concurrent, in any order: so two threads' lists are
 * handed over at the same time, each by its own thread, outside the lock (a list under its own
 * monitor; each array owned by one list's {@link Batch} at a time, runs of field accesses under
 * the lock). Lock order: a list, then arrays, then the lock; nobody holding the lock waits for
 * anything else. Under a scheduler (one thread at a time) every access is handed over at once,
 * in the schedule's order.
 */
final class Recorder {
    private static final int FIELD = 0, OWN_FIELD = 1, ELEMENT = 2; // code: site << 3 | kind << 1 | write
    private static final int CAPACITY = 4096; // a list this full is handed over

    /**
     * One thread's accesses not yet given to the detectors. Only its thread appends, without the
     * lock, and publishes the new size after a release fence (a store on x86: nothing); anyone
     * holding its monitor may hand over what is published (from {@code done}); only its thread,
     * holding its monitor, empties it.
     */
    private static final class Pending {
        final Thread thread;
        final int tid;
        Object[] targets = new Object[64];
        int[] slots = new int[64]; // field id (OWN_FIELD) or index (ELEMENT)
        int[] codes = new int[64];
        int size;
        int done;
        final Batch batch; // the detectors' view of the list while it is handed over

        Pending(Thread thread, int tid, Batch batch) {
            this.thread = thread;
            this.tid = tid;
            this.batch = batch;
        }
    }

    private final EventHub hub;
    private final Object lock; // the hub's monitor: synchronisation events, shared tables
    private final ShadowMap shadows;
    final Threads threads = new Threads();
    private final IdentityHashMap<Object, Integer> lockIds = new IdentityHashMap<>();
    private final ThreadLocal<Pending> mine = new ThreadLocal<>();
    private final Pending[] byId = new Pending[1024]; // by Thread id: ThreadLocal.get costs a JNI call under C1
    private Pending[] all = new Pending[8]; // every live thread's, for the joins and the end
    private int live;

    Recorder(List<String> detectors) {
        this.hub = EventHub.of(detectors);
        this.lock = hub;
        this.shadows = new ShadowMap(hub);
    }

    private int lockId(Object lock) {
        Integer id = lockIds.get(lock);
        if (id == null) {
            id = lockIds.size();
            lockIds.put(lock, id);
        }
        return id;
    }

    // ---- plain accesses: appended to the thread's list

    static int fieldCode(int site, boolean write) {
        return site << 3 | FIELD << 1 | (write ? 1 : 0);
    }

    static int elementCode(int site, boolean write) {
        return site << 3 | ELEMENT << 1 | (write ? 1 : 0);
    }

    void field(Object target, int site, boolean write) {
        add(target, 0, fieldCode(site, write));
    }

    /** An access inside a watched collection class: its own field, counted at the application's call site. */
    void field(Object target, int field, int site, boolean write) {
        add(target, field, site << 3 | OWN_FIELD << 1 | (write ? 1 : 0));
    }

    void element(Object array, int index, int site, boolean write) {
        add(array, index, elementCode(site, write));
    }

    private void add(Object target, int slot, int code) {
        if (RT.sched != null || !append(target, slot, code)) { // a scheduler: hand over at once
            addSlowly(Thread.currentThread(), target, slot, code);
        }
    }

    /**
     * The common case in a few instructions, called by Accesses before anything else when no
     * scheduler runs: the thread's list found by its id, and room in it. It uses no java.util
     * class, so the program's collection calls need no pause. False: take the slow way.
     */
    boolean append(Object target, int slot, int code) {
        Thread t = Thread.currentThread();
        Pending p = byId[(int) t.getId() & (byId.length - 1)];
        int n;
        if (p == null || p.thread != t || (n = p.size) == p.codes.length) {
            return false;
        }
        p.targets[n] = target;
        p.slots[n] = slot;
        p.codes[n] = code;
        VarHandle.releaseFence();
        p.size = n + 1;
        return true;
    }

    /** A new thread, a full list or a scheduler: the list made, emptied or handed over at once. */
    private void addSlowly(Thread t, Object target, int slot, int code) {
        Pending p = byId[(int) t.getId() & (byId.length - 1)];
        if (p == null || p.thread != t) {
            p = mine(t);
        }
        int n = p.size;
        if (n == p.codes.length) {
            if (n < CAPACITY) {
                p.targets = Arrays.copyOf(p.targets, 2 * n);
                p.slots = Arrays.copyOf(p.slots, 2 * n);
                p.codes = Arrays.copyOf(p.codes, 2 * n);
            } else {
                flush(p);
                n = 0;
            }
        }
        p.targets[n] = target;
        p.slots[n] = slot;
        p.codes[n] = code;
        VarHandle.releaseFence();
        p.size = n + 1;
        if (RT.sched != null) { // one thread at a time: the detectors see the schedule's order
            flush(p);
        }
    }

    /**
     * The thread's list, made on its first access; it takes the thread's slot in {@link #byId}
     * when the slot is free (or its thread has ended), else it is found through the ThreadLocal.
     */
    private Pending mine(Thread t) {
        synchronized (lock) {
            return mineLocked(t);
        }
    }

    private Pending mineLocked(Thread t) {
        Pending p = mine.get();
        if (p == null) {
            p = new Pending(t, threads.current(), hub.newBatch());
            mine.set(p);
            if (live == all.length) {
                all = Arrays.copyOf(all, 2 * live);
            }
            all[live++] = p;
        }
        int slot = (int) t.getId() & (byId.length - 1);
        if (byId[slot] == null || !byId[slot].thread.isAlive()) {
            byId[slot] = p;
        }
        return p;
    }

    /** Hands p over and empties it; p's thread calls it, not holding the lock. */
    private void flush(Pending p) {
        synchronized (p) {
            handOver(p);
            p.done = 0;
            p.size = 0;
        }
    }

    /**
     * Gives the detectors p's published accesses; the caller holds p's monitor, not the lock
     * (concurrently with other lists). They all have the thread's present context: a
     * synchronisation event of the thread hands them over first.
     */
    private void handOver(Pending p) {
        int n = p.size;
        VarHandle.acquireFence();
        if (p.done == n) {
            return;
        }
        Batch b = p.batch;
        hub.begin(b, p.tid);
        try {
            handOver(p, b, n);
        } finally {
            b.releaseAll();
        }
        p.done = n;
    }

    private void handOver(Pending p, Batch b, int n) {
        Object[] targets = p.targets;
        int[] slots = p.slots, codes = p.codes;
        Object a0 = null, a1 = null, a2 = null; // the last three arrays and their cells: a loop walks few arrays
        Cells c0 = null, c1 = null, c2 = null;
        for (int i = p.done; i < n; i++) {
            Object target = targets[i];
            int code = codes[i];
            int kind = (code >>> 1) & 3;
            if (kind != ELEMENT) {
                i = fields(p, b, i, n) - 1;
                continue;
            }
            Cells cells;
            if (target == a0) {
                cells = c0;
            } else if (target == a1) {
                cells = c1;
            } else if (target == a2) {
                cells = c2;
            } else {
                synchronized (lock) {
                    cells = shadows.cells(target);
                }
                if (c2 != null) { // owned only while remembered: a batch keeps few arrays from others
                    b.release(c2);
                }
                if (b.own(cells)) { // it gave up the others while it waited: own them again when met
                    a0 = a1 = null;
                    c0 = c1 = null;
                }
                a2 = a1;
                c2 = c1;
                a1 = a0;
                c1 = c0;
                a0 = target;
                c0 = cells;
            }
            int index = slots[i];
            if (index >= 0 && index < cells.length()) { // else the access itself throws
                hub.cell(b, cells, index, code >>> 3, (code & 1) != 0);
            }
        }
    }

    /** The field accesses from i on, up to the next array access, under the lock; returns where they end. */
    private int fields(Pending p, Batch b, int i, int n) {
        Object[] targets = p.targets;
        int[] slots = p.slots, codes = p.codes;
        synchronized (lock) {
            for (; i < n; i++) {
                Object target = targets[i];
                int code = codes[i];
                int kind = (code >>> 1) & 3;
                if (kind == ELEMENT) {
                    break;
                }
                int site = code >>> 3;
                int field = kind == FIELD ? Sites.get(site).field : slots[i];
                hub.field(b, target == null ? shadows.staticField(field) : shadows.field(target, field), site,
                        (code & 1) != 0);
            }
        }
        return i;
    }

    /** Gives the current thread its id, in the order threads are first seen. */
    void registerCurrentThread() {
        synchronized (lock) {
            threads.current();
        }
    }

    /** The current thread's list, null before its first access. */
    private Pending own() {
        Thread t = Thread.currentThread();
        Pending p = byId[(int) t.getId() & (byId.length - 1)];
        return p != null && p.thread == t ? p : mine.get();
    }

    /**
     * The current thread's pending accesses handed over, before its synchronisation event; the
     * caller does not hold the lock (see the lock order). Returns the list, null before the
     * thread's first access.
     */
    private Pending drain() {
        Pending p = own();
        if (p != null) {
            flush(p);
        }
        return p;
    }

    /** The current thread's id; the caller holds the lock, and drained the thread's list first. */
    private int current(Pending drained) {
        return drained != null ? drained.tid : threads.current();
    }

    /** The current thread's accesses not handed over yet (for tests). */
    int pendingHere() {
        Pending p = own();
        if (p == null) {
            return 0;
        }
        synchronized (p) {
            return p.size - p.done;
        }
    }

    /** The thread ends: its accesses go to the detectors, its list is dropped. */
    void threadEnd() {
        Pending p = own();
        if (p == null) {
            return;
        }
        flush(p);
        synchronized (lock) {
            for (int i = 0; i < live; i++) {
                if (all[i] == p) {
                    all[i] = all[--live];
                    all[live] = null;
                    break;
                }
            }
            int slot = (int) p.thread.getId() & (byId.length - 1);
            if (byId[slot] == p) {
                byId[slot] = null;
            }
        }
        mine.remove();
    }

    // ---- synchronisation: the thread's pending accesses first, then the event under the lock

    void volatileField(Object target, int site, boolean write) {
        Pending p = drain();
        synchronized (lock) {
            Site s = Sites.get(site);
            Shadow loc = target == null ? shadows.staticField(s.field) : shadows.field(target, s.field);
            hub.volatileAccess(current(p), loc.id, write);
        }
    }

    private static final int SYNC_FIELD = Sites.field("racepipe/runtime/Synchronizers", "clock");

    /** A synchroniser's release (true) or acquire (false): an edge for happens-before only. */
    void syncEdge(Object sync, boolean release) {
        Pending p = drain();
        synchronized (lock) {
            hub.volatileAccess(current(p), shadows.field(sync, SYNC_FIELD).id, release);
        }
    }

    void acquire(Object lock, boolean exclusive) {
        Pending p = drain();
        synchronized (this.lock) {
            hub.acquire(current(p), lockId(lock), exclusive);
        }
    }

    void release(Object lock, boolean exclusive) {
        Pending p = drain();
        synchronized (this.lock) {
            hub.release(current(p), lockId(lock), exclusive);
        }
    }

    /** Before a wait: drops every hold of the monitor; returns the count to restore. */
    int beforeWait(Object monitor) {
        Pending p = drain();
        synchronized (lock) {
            return hub.releaseAll(current(p), lockId(monitor));
        }
    }

    void afterWait(Object monitor, Object lock, int holds) {
        Pending p = drain();
        synchronized (this.lock) {
            int tid = current(p);
            hub.waitReturn(tid, lockId(monitor));
            hub.reacquire(tid, lockId(lock), holds);
        }
    }

    void notifyWaiters(Object monitor) {
        Pending p = drain();
        synchronized (lock) {
            hub.notifyWaiters(current(p), lockId(monitor));
        }
    }

    void start(Thread child) {
        Pending p = drain();
        synchronized (lock) {
            hub.threadStart(current(p), threads.idOf(child));
        }
    }

    void join(Thread joined) {
        if (joined.isAlive()) {
            return;
        }
        Pending p = drain();
        for (Pending q : lists()) { // ended without its exit hook: its accesses come before the join
            if (q.thread == joined) {
                flush(q);
            }
        }
        synchronized (lock) {
            hub.threadJoin(current(p), threads.idOf(joined));
        }
    }

    /** Every live thread's list, as the lock sees them now. */
    private Pending[] lists() {
        synchronized (lock) {
            return Arrays.copyOf(all, live);
        }
    }

    /**
     * The run's result: how it ended (from {@code ending}, whose pairs and sites are ignored) and
     * what the detectors found: each one's pairs, in order, and the sites they name. Every
     * thread's published accesses are handed over first.
     */
    RunResult complete(RunResult ending) {
        for (Pending p : lists()) {
            synchronized (p) { // handed over, not emptied: its thread may still append (a daemon)
                handOver(p);
            }
        }
        synchronized (lock) {
            return result(ending);
        }
    }

    private RunResult result(RunResult ending) {
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
