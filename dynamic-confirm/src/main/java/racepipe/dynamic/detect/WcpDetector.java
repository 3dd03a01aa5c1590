package racepipe.dynamic.detect;

/**
 * Weak-causally-precedes (WCP): Kini, Mathur and Viswanathan, "Dynamic race prediction in linear
 * time", PLDI 2017, its vector-clock algorithm (Algorithm 1). Two critical sections on a lock are
 * ordered only (a) from the release of the first to an access of the second that conflicts with
 * an access of the first, and (b) release to release when an event of the first is WCP-before
 * one of the second (the queues per lock and thread), and WCP composes with HB on either side.
 * So HB ⊆ WCP on every trace; WCP is sound for the first race it reports (not for every pair).
 * <p>Per thread: HB's clock H (HB's {@link ClockTracker}: its epochs are this detector's) and the
 * WCP clock P; an access is checked against C = P with its own entry set to the epoch. Per lock:
 * P and H of its last release, the critical sections in order (the acquire's epoch, the
 * release's H), a cursor per thread for (b), and per location the H joined over the releases of
 * sections that read (L^r) or wrote (L^w) it. Start, join, wait/notify, volatiles and the
 * java.util.concurrent hand-offs are strong edges (as fork and join in the paper: the receiver's P
 * joins the sender's H, since WCP composes with HB on both sides of such an edge), and a
 * read-write lock's read mode too (an exclusive release to a read acquire, a read release to an
 * exclusive acquire, by H): only exclusive sections get the weaker rules, as the paper's locks.
 * <p>Inside an exclusive section every access is the section's history, so the stamp is
 * {@link Detector#EVERY} there (the hub then skips nothing); outside, HB's epoch and summary.
 */
public final class WcpDetector extends ClockedDetector {
    private VectorClock[] wcp = new VectorClock[8];   // per thread: P
    private int[] exclusiveHeld = new int[8];         // per thread: exclusive holds
    private final VectorClock scratch = new VectorClock();
    private final LongMap<Section> open = new LongMap<>();    // tid << 32 | lock -> its open section
    private final LongMap<Sections> locks = new LongMap<>();  // lock -> its sections
    private final LongMap<VectorClock> readers = new LongMap<>(); // lock << 32 | location -> L^r
    private final LongMap<VectorClock> writers = new LongMap<>(); // lock << 32 | location -> L^w
    private final LongMap<Strong> strong = new LongMap<>();  // volatile (>= 0), monitor (notify, < 0)
    private final LongMap<Strong> readReleased = new LongMap<>(); // lock -> its read-mode releases
    private final LongMap<Strong> exclusiveReleased = new LongMap<>(); // lock -> its exclusive releases
    private int locations; // ids of the locations accessed in sections (1 and up; 0: none yet)

    /**
     * What a strong edge carries: each sender's H at its sends, apart. A thread that receives its
     * own send gets nothing of it: that edge is thread order, which is not in WCP (and its H would
     * bring into its P what only HB orders: another thread's release of a lock it took since).
     */
    private static final class Strong {
        final java.util.Map<Integer, VectorClock> bySender = new java.util.HashMap<>(4);
    }

    private void send(LongMap<Strong> into, long key, int tid, VectorClock c) {
        Strong s = into.get(key);
        if (s == null) {
            into.put(key, s = new Strong());
        }
        s.bySender.computeIfAbsent(tid, k -> new VectorClock()).join(c);
    }

    private void receive(LongMap<Strong> from, long key, int tid) {
        Strong s = from.get(key);
        if (s == null) {
            return;
        }
        VectorClock mine = p(tid);
        for (java.util.Map.Entry<Integer, VectorClock> e : s.bySender.entrySet()) {
            if (e.getKey() != tid) {
                mine.join(e.getValue());
            }
        }
    }

    /** An exclusive section in progress: the locations it read and wrote (id << 1 | write). */
    private static final class Section {
        int[] accessed = new int[8];
        int n;
        int index; // its place in the lock's Sections
    }

    /** A lock's exclusive sections in acquire order, and where each thread's queue (b) begins. */
    private static final class Sections {
        int[] tid = new int[8];
        int[] acquired = new int[8];  // the acquirer's epoch
        VectorClock[] released = new VectorClock[8]; // H at the release; null while open
        int n;
        int[] cursor = new int[8]; // per thread
        VectorClock p = new VectorClock(); // P at the last release
    }

    public WcpDetector() {
        super(true, true);
    }

    @Override
    public String name() {
        return "wcp";
    }

    @Override
    boolean mayRace(Context earlier, Context now) {
        return true;
    }

    @Override
    int ownInts() {
        return 1; // the location's id for L^r and L^w, once a section touched it
    }

    private VectorClock p(int tid) {
        if (tid >= wcp.length) {
            wcp = java.util.Arrays.copyOf(wcp, Math.max(tid + 1, 2 * wcp.length));
        }
        VectorClock c = wcp[tid];
        return c != null ? c : (wcp[tid] = new VectorClock());
    }

    /** C: P with the thread's own entry its epoch. */
    @Override
    VectorClock now(int tid) {
        scratch.assign(p(tid));
        scratch.set(tid, clocks.epoch(tid));
        return scratch;
    }

    @Override
    public int stamp(int tid) {
        return tid < exclusiveHeld.length && exclusiveHeld[tid] > 0 ? EVERY : clocks.epoch(tid);
    }

    @Override
    void before(Shape s, int[] d, int base, int e, Context by) {
        int tid = by.tid;
        LockSet held = by.exclusive;
        if (held.isEmpty()) {
            return;
        }
        int loc = d[base + own];
        if (loc == 0) {
            d[base + own] = loc = ++locations;
        }
        boolean write = s.write(e);
        VectorClock mine = p(tid);
        for (int i = 0, n = held.size(); i < n; i++) {
            int lock = held.lock(i);
            long k = ((long) lock << 32) | loc;
            VectorClock w = writers.get(k); // rule (a): a section's release before a conflicting access
            if (w != null) {
                mine.join(w);
            }
            if (write && (w = readers.get(k)) != null) {
                mine.join(w);
            }
            Section sec = open.get(((long) tid << 32) | lock);
            if (sec != null && sec != EMPTY) {
                if (sec.n == sec.accessed.length) {
                    sec.accessed = java.util.Arrays.copyOf(sec.accessed, 2 * sec.n);
                }
                sec.accessed[sec.n++] = loc << 1 | (write ? 1 : 0);
            }
        }
    }

    @Override
    public void acquire(int tid, int lock, boolean exclusive) {
        clocks.acquire(tid, lock, exclusive);
        VectorClock mine = p(tid);
        if (!exclusive) {
            receive(exclusiveReleased, lock, tid);
            return;
        }
        receive(readReleased, lock, tid);
        Sections ss = sections(lock);
        mine.join(ss.p); // rule (c): WCP before a release is WCP before the next acquire
        if (ss.n == ss.tid.length) {
            int m = 2 * ss.n;
            ss.tid = java.util.Arrays.copyOf(ss.tid, m);
            ss.acquired = java.util.Arrays.copyOf(ss.acquired, m);
            ss.released = java.util.Arrays.copyOf(ss.released, m);
        }
        Section sec = new Section();
        sec.index = ss.n;
        ss.tid[ss.n] = tid;
        ss.acquired[ss.n] = clocks.epoch(tid);
        ss.n++;
        open.put(((long) tid << 32) | lock, sec);
        held(tid, 1);
    }

    @Override
    public void release(int tid, int lock, boolean exclusive) {
        if (!exclusive) {
            send(readReleased, lock, tid, clocks.of(tid));
            clocks.release(tid, lock, false);
            return;
        }
        Sections ss = sections(lock);
        VectorClock mine = p(tid);
        // rule (b): an earlier section whose acquire is WCP-before this release: its release is too
        if (tid >= ss.cursor.length) {
            ss.cursor = java.util.Arrays.copyOf(ss.cursor, Math.max(tid + 1, 2 * ss.cursor.length));
        }
        int at = ss.cursor[tid];
        while (at < ss.n) {
            int u = ss.tid[at];
            if (u != tid) {
                if (ss.released[at] == null || ss.acquired[at] > now(tid).get(u)) {
                    break;
                }
                mine.join(ss.released[at]);
            }
            at++;
        }
        ss.cursor[tid] = at;
        VectorClock h = new VectorClock(clocks.of(tid)); // H at the release, before its tick
        long key = ((long) tid << 32) | lock;
        Section sec = open.get(key);
        if (sec != null && sec != EMPTY) {
            for (int i = 0; i < sec.n; i++) {
                int a = sec.accessed[i];
                long k = ((long) lock << 32) | (a >>> 1);
                LongMap<VectorClock> into = (a & 1) != 0 ? writers : readers;
                into.put(k, joined(into.get(k), h));
            }
            ss.released[sec.index] = h;
            open.put(key, EMPTY);
        }
        ss.p.assign(mine);
        send(exclusiveReleased, lock, tid, h);
        clocks.release(tid, lock, true);
        held(tid, -1);
    }

    private static final Section EMPTY = new Section(); // LongMap has no removal: a closed section's place

    private void held(int tid, int delta) {
        if (tid >= exclusiveHeld.length) {
            exclusiveHeld = java.util.Arrays.copyOf(exclusiveHeld, Math.max(tid + 1, 2 * exclusiveHeld.length));
        }
        exclusiveHeld[tid] += delta;
    }

    private Sections sections(int lock) {
        Sections ss = locks.get(lock);
        if (ss == null) {
            locks.put(lock, ss = new Sections());
        }
        return ss;
    }

    private static VectorClock joined(VectorClock into, VectorClock c) {
        if (into == null) {
            return new VectorClock(c);
        }
        into.join(c);
        return into;
    }

    @Override
    public void threadStart(int parent, int child) {
        p(child).join(clocks.of(parent)); // H: what happened before the fork is WCP-before the child (HB composes)
        clocks.start(parent, child);
    }

    @Override
    public void threadJoin(int joiner, int joined) {
        p(joiner).join(clocks.of(joined));
        clocks.join(joiner, joined);
    }

    @Override
    public void notifyWaiters(int tid, int monitor) {
        long k = -1L - monitor; // monitors below zero, volatiles from zero up: one map
        send(strong, k, tid, clocks.of(tid));
        clocks.notifyWaiters(tid, monitor);
    }

    @Override
    public void waitReturn(int tid, int monitor) {
        receive(strong, -1L - monitor, tid);
        clocks.waitReturn(tid, monitor);
    }

    @Override
    public void volatileAccess(int tid, int variable, boolean write) {
        if (write) {
            send(strong, variable, tid, clocks.of(tid));
        } else {
            receive(strong, variable, tid);
        }
        clocks.volatileAccess(tid, variable, write);
    }
}
