package racepipe.dynamic.runtime;

import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import racepipe.contract.Outcome;
import racepipe.contract.RunResult;
import racepipe.dynamic.detect.Cells;
import racepipe.dynamic.detect.Detector;
import racepipe.dynamic.detect.EventHub;
import racepipe.dynamic.detect.PairTable;
import racepipe.dynamic.detect.Shadow;

/**
 * Phase 1's recorder: turns the runtime's events into detector events in one order, the order
 * in which it adds them, under its own lock, to its {@link Backlog}; the backlog's own thread
 * gives them to the detectors, beside the program. At the end it completes the run's RunResult.
 * <p>Plain accesses do not take the lock: each thread appends them to its own {@link Pending}
 * list, and hands the list over (to the backlog, under the lock) before its next
 * synchronisation event, when the list is full, and when it ends; a join hands over the joined
 * thread's list, the run's end everyone's. The order the detectors see is one the run could have had:
 * a thread's accesses move later, but never past its own next synchronisation, so nothing that
 * happened after them in another thread (which needs that synchronisation) comes first. Two
 * threads' accesses between synchronisations are concurrent, in any order. Under a scheduler
 * (one thread at a time) every access is handed over at once, in the schedule's order.
 * <p>A loop's array accesses are kept as runs: an access from the site and to the array of an
 * earlier element record in the list, at that record's next index (a fixed step from its
 * start), only counts one more in the record, and the detectors walk the run in one call. The
 * run's accesses then reach them together, ahead of accesses of the list that came between:
 * a reordering within one thread's accesses between two of its synchronisations, which
 * changes no pair (EventHub's ReorderPropertyTest shows it on random traces).
 */
final class Recorder {
    private static final int FIELD = 0, OWN_FIELD = 1, ELEMENT = 2; // code: site << 3 | kind << 1 | write
    private static final int CAPACITY = 4096;       // a list this full is handed over
    private static final int EXTRA = 1 << 16;        // a list whose ended runs hold this many accesses more than their records too
    private static final int RUN_MAX = 1 << 16;      // a run this long ends (the count stays an int, EXTRA sees it)
    private static final int REC = 4, SLOT = 0, CODE = 1, COUNT = 2, STEP = 3; // a record's ints
    // Repeats: a thread tries the filter on its next TRIAL accesses after every REST it hands
    // over unfiltered, and keeps it while it drops at least one access in eight
    private static final int TRIAL = 1 << 14, REST = 1 << 20;
    private final int rest;

    /**
     * One thread's accesses not yet given to the detectors. Only its thread appends, without the
     * lock, and publishes the new size after a release fence (a store on x86: nothing); anyone
     * holding the lock may hand over what is published (from {@code done}); only its thread,
     * holding the lock, empties it.
     */
    private static final class Pending {
        final Thread thread;
        final int tid;
        Object[] targets = new Object[64];
        // per record REC ints: SLOT the field id (OWN_FIELD) or index (ELEMENT), CODE, and for
        // ELEMENT the COUNT of accesses of the run it is (1: one) and, with more, their STEP
        int[] records = new int[64 * REC];
        Run[] runs = new Run[256]; // by site: its run in the list (made on the site's first access)
        int[] opened = new int[64]; // the sites with a run in the list
        int openedCount;
        int extra;                 // the accesses the ended runs add to their records
        int size;
        int done;
        Repeats repeats; // the filter, while on (only its thread appends through it)
        Repeats idle;    // the filter's table while off
        int judged;      // accesses handed over since the filter went on, or off
        int held;        // exclusive holds the recorder saw taken and not given up

        Pending(Thread thread, int tid) {
            this.thread = thread;
            this.tid = tid;
        }
    }

    /**
     * A site's run in its thread's list: the record it is, the array, and the run so far. Its
     * count reaches the record when the run ends (a new one starts at the site) or the list is
     * handed over: a loop's access touches only this object.
     */
    private static final class Run {
        Object array = NONE; // NONE: the site has no run in the list
        int record;
        int count;
        int step;            // 0 while the count is 1
        int next;            // the index that continues the run
    }

    private static final Object NONE = new Object();

    private final EventHub hub;
    private final ShadowMap shadows; // the detectors' side: touched only by the backlog's worker
    private final Backlog backlog = new Backlog(this::work);
    final Threads threads = new Threads();
    private final IdentityHashMap<Object, Integer> lockIds = new IdentityHashMap<>();
    private final ThreadLocal<Pending> mine = new ThreadLocal<>();
    private final Pending[] byId = new Pending[1024]; // by Thread id: ThreadLocal.get costs a JNI call under C1
    private Pending[] all = new Pending[8]; // every live thread's, for the joins and the end
    private int live;

    private final TraceFile trace; // detect --trace: the run's trace in RAPID's STD format, or null

    Recorder(List<String> detectors) {
        this(detectors, REST);
    }

    /** rest: the accesses a thread hands over before the filter of repeats is first tried (tests: 0). */
    Recorder(List<String> detectors, int rest) {
        this.trace = TraceFile.open(Control.traceFile());
        this.hub = EventHub.of(detectors, trace == null ? null : trace.writer());
        if (Control.agentOptions().contains("atomic=")) {
            hub.atomicity(new racepipe.dynamic.detect.AtomicityDetector());
        }
        this.shadows = new ShadowMap(hub);
        this.rest = rest;
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
        if (((code >>> 1) & 3) == ELEMENT) { // a run, or the slow way that opens the site's
            return appendElement(target, slot, code >>> 3, (code & 1) != 0);
        }
        Thread t = Thread.currentThread();
        Pending p = byId[(int) t.getId() & (byId.length - 1)];
        int n;
        if (p == null || p.thread != t || (n = p.size) == p.targets.length || p.extra >= EXTRA) {
            return false;
        }
        p.targets[n] = target;
        record(p.records, n, slot, code);
        VarHandle.releaseFence();
        p.size = n + 1;
        return true;
    }

    /**
     * append for a field access (Accesses.field), written out as appendElement is; a negative
     * site takes the slow way. A repeat in the list is dropped (Repeats).
     */
    boolean appendField(Object target, int site, boolean write) {
        Thread t = Thread.currentThread();
        Pending p = byId[(int) t.getId() & (byId.length - 1)];
        int n;
        if (site < 0 || p == null || p.thread != t || (n = p.size) == p.targets.length) {
            return false;
        }
        int code = fieldCode(site, write);
        Repeats r = p.repeats;
        if (r != null && r.seen(target, code, 0)) {
            return true;
        }
        p.targets[n] = target;
        int[] rec = p.records;
        int at = n * REC;
        rec[at + SLOT] = 0;
        rec[at + CODE] = code;
        VarHandle.releaseFence();
        p.size = n + 1;
        return true;
    }

    /**
     * append for an array access, its code made here: Accesses.element calls it with its own
     * arguments, which keeps element small enough for C1 to inline into the program (one call
     * per access, not two); append's body is written out again for the same reason. An access
     * that continues the run of the site's open record (same array, the run's next index) only
     * counts one more there; one that repeats the record's single index is dropped (Repeats'
     * argument). A null array is appended (handOver drops it: the access throws); a negative
     * site (a watched collection's or a dependency's access) takes the slow way. A repeat in
     * the list is dropped (Repeats).
     * <p>A run counts on in its {@link Run}; its record, already published, gets the count when
     * the run ends or the thread hands the list over (complete, at the run's end, takes what the
     * runs of threads still running have counted so far).
     */
    boolean appendElement(Object array, int index, int site, boolean write) {
        Thread t = Thread.currentThread();
        Pending p = byId[(int) t.getId() & (byId.length - 1)];
        Run[] runs;
        Run r;
        if (site < 0 || p == null || p.thread != t || site >= (runs = p.runs).length || (r = runs[site]) == null) {
            return false;
        }
        if (r.array == array) { // the site's run in the list is on this array
            int c = r.count;
            if (index == r.next) {
                if (r.step == 0) {
                    return true; // a repeat of the run's one access
                }
                if (c < RUN_MAX) {
                    r.count = c + 1;
                    r.next = index + r.step;
                    return true;
                }
            } else if (c == 1) {
                int step = index - r.next;
                r.step = step;
                r.count = 2;
                r.next = index + step;
                return true;
            }
        }
        int n;
        if ((n = p.size) == p.targets.length || p.extra >= EXTRA || p.openedCount == p.opened.length) {
            return false;
        }
        int code = elementCode(site, write);
        Repeats rp = p.repeats;
        if (rp != null && rp.seen(array, code, index)) {
            return true;
        }
        open(p, r, site, array, index, n);
        p.targets[n] = array;
        record(p.records, n, index, code);
        VarHandle.releaseFence();
        p.size = n + 1;
        return true;
    }

    /** The site's run starts at record n (the one before, if any, ends); the caller made room in {@code opened}. */
    private static void open(Pending p, Run r, int site, Object array, int index, int n) {
        if (r.array != NONE) {
            p.records[r.record * REC + COUNT] = r.count;
            p.records[r.record * REC + STEP] = r.step;
            p.extra += r.count - 1;
        } else {
            p.opened[p.openedCount++] = site;
        }
        r.array = array;
        r.record = n;
        r.count = 1;
        r.step = 0;
        r.next = index;
    }

    /** The open runs' counts and steps into their records (ending them too, when the list is handed over). */
    private static void closeRuns(Pending p, boolean end) {
        for (int i = 0; i < p.openedCount; i++) {
            Run r = p.runs[p.opened[i]];
            p.records[r.record * REC + COUNT] = r.count;
            p.records[r.record * REC + STEP] = r.step;
            if (end) {
                r.array = NONE;
                p.extra += r.count - 1;
            }
        }
        if (end) {
            p.openedCount = 0;
        }
    }

    /** Record n: one access. */
    private static void record(int[] rec, int n, int slot, int code) {
        int at = n * REC;
        rec[at + SLOT] = slot;
        rec[at + CODE] = code;
        rec[at + COUNT] = 1;
        rec[at + STEP] = 0;
    }

    /** A new thread, a full list or a scheduler: the list made, emptied or handed over at once. */
    private void addSlowly(Thread t, Object target, int slot, int code) {
        Pending p = byId[(int) t.getId() & (byId.length - 1)];
        if (p == null || p.thread != t) {
            p = mine(t);
        }
        int n = p.size;
        if (p.extra >= EXTRA) {
            flush(p);
            n = 0;
        }
        if (n == p.targets.length) {
            if (n < CAPACITY) {
                p.targets = Arrays.copyOf(p.targets, 2 * n);
                p.records = Arrays.copyOf(p.records, 2 * n * REC);
            } else {
                flush(p);
                n = 0;
            }
        }
        int site = code >>> 3;
        if (((code >>> 1) & 3) == ELEMENT && site >= 0) {
            if (site >= p.runs.length) {
                p.runs = Arrays.copyOf(p.runs, Math.max(site + 1, 2 * p.runs.length));
            }
            if (p.runs[site] == null) {
                p.runs[site] = new Run();
            }
            if (p.openedCount == p.opened.length) {
                p.opened = Arrays.copyOf(p.opened, 2 * p.opened.length);
            }
            open(p, p.runs[site], site, target, slot, n);
        }
        p.targets[n] = target;
        record(p.records, n, slot, code);
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
    private synchronized Pending mine(Thread t) {
        Pending p = mine.get();
        if (p == null) {
            p = new Pending(t, threads.current());
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

    /** The thread's list is full, or a scheduler runs: the list is handed over (under a scheduler, worked off too). */
    private void flush(Pending p) {
        backlog.awaitRoom();
        synchronized (this) {
            handOver(p, true);
        }
        if (RT.sched != null) { // one thread at a time: the detectors see the schedule's order
            backlog.workOff(null);
        }
    }

    /**
     * The thread's own list goes to the backlog, and the thread goes on with a fresh one (a spare
     * of the same size) unless it ends; the caller holds the lock. Its accesses all have the thread's present
     * context: a synchronisation event of the thread hands them over first.
     */
    private void handOver(Pending p, boolean goesOn) {
        closeRuns(p, true);
        int n = p.size;
        if (p.done < n) {
            int weight = n - p.done + p.extra;
            judge(p, weight);
            Batch b = new Batch(p.tid, p.targets, p.records, p.done, n);
            Batch spare = goesOn ? spare(p.targets.length) : null;
            p.targets = spare != null ? spare.targets : goesOn ? new Object[p.targets.length] : null;
            p.records = spare != null ? spare.records : goesOn ? new int[p.records.length] : null;
            backlog.add(b, weight);
        }
        emptied(p);
    }

    /**
     * Another thread's published accesses (it has ended, or the run does), copied to the
     * backlog; its list stays its own. The caller holds the lock.
     */
    private void copyOut(Pending p) {
        int n = p.size;
        VarHandle.acquireFence();
        closeRuns(p, false); // (a thread still running may count on: the run's end misses those)
        if (p.done < n) {
            Batch b = new Batch(p.tid, Arrays.copyOfRange(p.targets, p.done, n),
                    Arrays.copyOfRange(p.records, p.done * REC, n * REC), 0, n - p.done);
            p.done = n;
            p.repeats = null; // only its thread may touch the filter: it stays off
            p.idle = null;
            backlog.add(b, b.to);
        }
    }

    /** A list of accesses handed over, for the detectors to take in their turn. */
    private static final class Batch {
        final int tid;
        final Object[] targets;
        final int[] records;
        final int from;
        final int to;

        Batch(int tid, Object[] targets, int[] records, int from, int to) {
            this.tid = tid;
            this.targets = targets;
            this.records = records;
            this.from = from;
            this.to = to;
        }
    }

    private final Batch[] spares = new Batch[8]; // worked-off lists, for the threads' next ones
    private int spareCount;

    /** A worked-off list of this size, or null; its arrays go back to a thread. */
    private Batch spare(int size) {
        synchronized (spares) {
            for (int i = 0; i < spareCount; i++) {
                if (spares[i].targets.length == size) {
                    Batch b = spares[i];
                    spares[i] = spares[--spareCount];
                    spares[spareCount] = null;
                    return b;
                }
            }
            return null;
        }
    }

    private void recycle(Batch b) {
        Arrays.fill(b.targets, b.from, b.to, null); // the program's objects are not kept
        synchronized (spares) {
            if (spareCount < spares.length) {
                spares[spareCount++] = b;
            }
        }
    }

    /** Its own thread handed p over: the list starts again. */
    private static void emptied(Pending p) {
        p.done = 0;
        p.size = 0;
        p.extra = 0;
    }

    /** The backlog's worker: a list of accesses, or a synchronisation event. */
    private void work(Object item) {
        if (item instanceof Batch b) {
            give(b);
            recycle(b);
        } else {
            ((Runnable) item).run();
        }
    }

    /** Gives the detectors a list's accesses, in the backlog's turn. */
    private void give(Batch b) {
        hub.begin(b.tid);
        Object[] targets = b.targets;
        int[] rec = b.records;
        Object a0 = null, a1 = null, a2 = null; // the last three arrays and their cells: a loop walks few arrays
        Cells c0 = null, c1 = null, c2 = null;
        for (int i = b.from; i < b.to; i++) {
            Object target = targets[i];
            int code = rec[i * REC + CODE];
            int site = code >>> 3;
            boolean write = (code & 1) != 0;
            int kind = (code >>> 1) & 3;
            if (kind == ELEMENT) {
                if (target == null) {
                    continue; // the access threw (Accesses.element appends without looking)
                }
                Cells cells;
                if (target == a0) {
                    cells = c0;
                } else if (target == a1) {
                    cells = c1;
                } else if (target == a2) {
                    cells = c2;
                } else {
                    cells = shadows.cells(target);
                    a2 = a1;
                    c2 = c1;
                    a1 = a0;
                    c1 = c0;
                    a0 = target;
                    c0 = cells;
                }
                hub.cells(cells, rec[i * REC + SLOT], rec[i * REC + STEP], rec[i * REC + COUNT], site, write); // (out of bounds: skipped, the access threw)
            } else {
                int field = kind == FIELD ? Sites.get(site).field : rec[i * REC + SLOT];
                hub.field(target == null ? shadows.staticField(field) : shadows.field(target, field), site, write);
            }
        }
    }

    /**
     * A list of n accesses is handed over: the filter forgets it, and goes off after a trial that
     * dropped less than one access in eight (its look-ups would cost more than they save), on
     * again after a rest. Only its thread calls it (copyOut leaves the filter off).
     */
    private void judge(Pending p, int n) {
        Repeats r = p.repeats;
        p.judged += n;
        if (r != null) {
            r.next();
            if (p.judged >= TRIAL) {
                if (r.hits * 8 < p.judged) {
                    p.repeats = null;
                    p.idle = r;
                }
                r.hits = 0;
                p.judged = 0;
            }
        } else if (p.judged >= rest) {
            p.repeats = p.idle != null ? p.idle : new Repeats();
            p.judged = 0;
        }
    }

    /** The current thread's list, null before its first access. */
    private Pending own() {
        Thread t = Thread.currentThread();
        Pending p = byId[(int) t.getId() & (byId.length - 1)];
        return p != null && p.thread == t ? p : mine.get();
    }

    /** The current thread's id, its pending accesses handed over first; the caller holds the lock. */
    private int current() {
        Pending p = own();
        if (p == null) {
            return threads.current();
        }
        backlog.awaitRoom();
        handOver(p, true);
        return p.tid;
    }

    /** The current thread's accesses not handed over yet, a run's counted one by one (for tests). */
    synchronized int pendingHere() {
        Pending p = own();
        if (p != null) {
            closeRuns(p, false);
        }
        int n = 0;
        for (int i = p == null ? 0 : p.done; p != null && i < p.size; i++) {
            int code = p.records[i * REC + CODE];
            n += ((code >>> 1) & 3) == ELEMENT ? p.records[i * REC + COUNT] : 1;
        }
        return n;
    }

    /** The current thread's records not handed over yet (for tests). */
    synchronized int recordsHere() {
        Pending p = own();
        return p == null ? 0 : p.size - p.done;
    }

    /** The thread ends: its accesses go to the detectors, its list is dropped. */
    void threadEnd() {
        Pending p = own();
        if (p == null) {
            return;
        }
        synchronized (this) {
            handOver(p, false); // the list ends with its thread
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

    // ---- synchronisation: the thread's pending accesses first, then the event

    synchronized void volatileField(Object target, int site, boolean write) {
        int tid = current();
        int field = Sites.get(site).field;
        backlog.add((Runnable) () -> hub.volatileAccess(tid,
                (target == null ? shadows.staticField(field) : shadows.field(target, field)).id, write), 1);
    }

    /**
     * An atomic block's operation (AtomicOps): its address is the field's shadow, or the
     * monitor's or object's lock id, told apart by the top bits (2: field, 1: monitor, 3: object).
     */
    synchronized void atomicOperation(Object target, int site, int kind, int slot, long invocation) {
        int tid = current();
        int lock = slot >= 0 ? -1 : lockId(target);
        backlog.add((Runnable) () -> {
            long address = slot >= 0 ? (2L << 32) | (target == null ? shadows.staticField(slot) : shadows.field(target, slot)).id
                    : ((slot == AtomicOps.MONITOR ? 1L : 3L) << 32) | lock;
            hub.atomicOperation(tid, invocation, site, kind, address, slot == AtomicOps.MONITOR ? lock : -1);
        }, 1);
    }

    private static final int SYNC_FIELD = Sites.field("racepipe/runtime/Synchronizers", "clock");

    /** A synchroniser's release (true) or acquire (false): an edge for happens-before only. */
    synchronized void syncEdge(Object sync, boolean release) {
        int tid = current();
        backlog.add((Runnable) () -> hub.volatileAccess(tid, shadows.field(sync, SYNC_FIELD).id, release), 1);
    }

    private static final int HANDOFF_FIELD = Sites.field("racepipe/runtime/Synchronizers", "handOff");

    /** o handed to another thread (send) or received from one: a message, which hybrid takes too (Detector#handOff). */
    synchronized void handOff(Object o, boolean send) {
        int tid = current();
        backlog.add((Runnable) () -> hub.handOff(tid, shadows.field(o, HANDOFF_FIELD).id, send), 1);
    }

    synchronized void acquire(Object lock, boolean exclusive) {
        acquire(lock, exclusive, true);
    }

    /** {@code blocking} false: a try-lock took it (no lock-order dependency). */
    synchronized void acquire(Object lock, boolean exclusive, boolean blocking) {
        if (exclusive) {
            Pending p = own();
            (p != null ? p : mine(Thread.currentThread())).held++;
        }
        int tid = current(), id = lockId(lock), site = AcquireSites.take();
        backlog.add((Runnable) () -> hub.acquire(tid, id, exclusive, site, blocking), 1);
    }

    /**
     * Before the thread blocks for an exclusive lock (the acquire's site is still pending). Only
     * a thread holding one already can add a lock-order dependency: the others pay nothing.
     */
    void request(Object lock) {
        Pending p = own(); // made by the thread's first acquire
        if (p != null && p.held > 0) {
            requestHeld(lock);
        }
    }

    private synchronized void requestHeld(Object lock) {
        int tid = current(), id = lockId(lock), site = AcquireSites.peek();
        backlog.add((Runnable) () -> hub.request(tid, id, site), 1);
    }

    synchronized void release(Object lock, boolean exclusive) {
        Pending p = own();
        if (exclusive && p != null && p.held > 0) { // a hold taken before racepipe watched was not counted
            p.held--;
        }
        int tid = current(), id = lockId(lock);
        backlog.add((Runnable) () -> hub.release(tid, id, exclusive), 1);
    }

    /** Before a wait: drops every hold of the monitor; returns the count to restore (the detectors worked up to here). */
    synchronized int beforeWait(Object monitor) {
        int tid = current(), id = lockId(monitor);
        int[] holds = new int[1];
        backlog.workOff(() -> holds[0] = hub.releaseAll(tid, id));
        Pending p = own();
        if (p != null) {
            p.held = Math.max(0, p.held - holds[0]);
        }
        return holds[0];
    }

    synchronized void afterWait(Object monitor, Object lock, int holds) {
        Pending p = own();
        (p != null ? p : mine(Thread.currentThread())).held += holds;
        int tid = current(), m = lockId(monitor), l = lockId(lock);
        backlog.add((Runnable) () -> {
            hub.waitReturn(tid, m);
            hub.reacquire(tid, l, holds);
        }, 1);
    }

    synchronized void notifyWaiters(Object monitor) {
        int tid = current(), id = lockId(monitor);
        backlog.add((Runnable) () -> hub.notifyWaiters(tid, id), 1);
    }

    synchronized void start(Thread child) {
        int tid = current(), id = threads.idOf(child);
        backlog.add((Runnable) () -> hub.threadStart(tid, id), 1);
    }

    synchronized void join(Thread joined) {
        if (!joined.isAlive()) {
            int tid = current(), id = threads.idOf(joined);
            for (int i = 0; i < live; i++) { // ended without its exit hook: its accesses come before the join
                if (all[i].thread == joined) {
                    copyOut(all[i]);
                }
            }
            backlog.add((Runnable) () -> hub.threadJoin(tid, id), 1);
        }
    }

    /**
     * The run's result: how it ended (from {@code ending}, whose pairs and sites are ignored) and
     * what the detectors found: each one's pairs, in order, and the sites they name. Every
     * thread's published accesses are handed over first.
     */
    synchronized RunResult complete(RunResult ending) {
        for (int i = 0; i < live; i++) {
            if (all[i].thread == Thread.currentThread()) {
                handOver(all[i], true);
            } else {
                copyOut(all[i]);
            }
        }
        RunResult[] out = new RunResult[1];
        backlog.workOff(() -> out[0] = result(ending)); // in the work lock: threads still running may add events
        return out[0];
    }

    private RunResult result(RunResult ending) {
        if (trace != null) {
            trace.close();
        }
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
        List<RunResult.Candidate> candidates = new ArrayList<>();
        if (hub.atomicity() != null) { // atomic blocks: check, act, and the other thread's operation between them
            for (racepipe.dynamic.detect.AtomicityDetector.Violation v : hub.atomicity().violations()) {
                candidates.add(new RunResult.Candidate("atomicity", "velodrome", List.of(v.check(), v.act(), v.other()),
                        List.of(threads.name(v.thread()), threads.name(v.otherThread())), List.of(v.kinds()), List.of()));
                for (int s : new int[] {v.check(), v.act(), v.other()}) {
                    if (!seen[s]) {
                        seen[s] = true;
                        used.add(s);
                    }
                }
            }
        }
        for (racepipe.dynamic.detect.Goodlock.Cycle c : hub.goodlock().cycles()) {
            List<Integer> ids = new ArrayList<>();
            for (int s : c.sites()) {
                ids.add(s);
                if (!seen[s]) {
                    seen[s] = true;
                    used.add(s);
                }
            }
            List<String> names = new ArrayList<>();
            List<String> locks = new ArrayList<>();
            for (int i = 0; i < c.threads().length; i++) {
                names.add(threads.name(c.threads()[i]));
                locks.add("lock " + c.locks()[i]);
            }
            candidates.add(new RunResult.Candidate("deadlock", "igoodlock", ids, names, locks, List.of()));
        }
        List<RunResult.Site> sites = new ArrayList<>();
        for (int id : used) {
            Site s = Sites.get(id);
            sites.add(new RunResult.Site(id, s.owner, s.method, s.desc, s.bci, s.file, s.line, s.variable, s.write,
                    Sites.library(id)));
        }
        Outcome outcome = ending.outcome();
        List<RunResult.Uncaught> exceptions = new ArrayList<>(ending.exceptions());
        Throwable failed = backlog.failure();
        if (failed != null) { // a bug of racepipe's: the run is no clean pass, its pairs may be incomplete
            System.err.println("racepipe: the detectors failed on an event (" + failed + "): this run's pairs may be incomplete");
            java.io.StringWriter stack = new java.io.StringWriter();
            failed.printStackTrace(new java.io.PrintWriter(stack));
            exceptions.add(new RunResult.Uncaught(RunResult.DETECTORS, failed.getClass().getName(),
                    String.valueOf(failed.getMessage()), stack.toString()));
            outcome = outcome == Outcome.OK ? Outcome.EXCEPTION : outcome;
        }
        return new RunResult(outcome, ending.schedule(), ending.watchdog(), ending.deadlock(),
                ending.exitStatus(), List.copyOf(exceptions), List.copyOf(pairs), List.copyOf(sites), Uninstrumented.all(),
                candidates);
    }
}
