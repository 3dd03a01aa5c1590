package racepipe.dynamic.runtime;

/**
 * The atomic blocks' operations (agent/AtomicBlocks), registered by the agent, and their hooks:
 * which block each thread is in (a number per invocation) and, at each operation, the recorder
 * (the atomicity check) and, in an AtomFuzzer trial only, the scheduler. Without the agent's
 * {@code atomic=} option nothing is registered and no hook is in the code: race trials and
 * detect runs see exactly the points they saw before.
 */
public final class AtomicOps {
    private AtomicOps() {
    }

    /** An operation's kind (the detector's and the scheduler's): READ, WRITE or LOCK. */
    public static final int READ = 0;
    public static final int WRITE = 1;
    public static final int LOCK = 2;
    /** An operation's slot: a monitor, or a concurrent object as a whole (a field's is its id). */
    public static final int MONITOR = -1;
    public static final int OBJECT = -2;

    private static int[] sites = new int[16];
    private static int[] kinds = new int[16];
    private static int[] slots = new int[16];
    private static int[] blocks = new int[16];
    private static boolean[] checks = new boolean[16];
    private static volatile int count;
    private static volatile int blockCount;
    private static volatile boolean scheduled; // an AtomFuzzer trial: operations are points

    /** Registers an operation at {@code site}; returns its id, the hook's argument. */
    public static synchronized int register(int site, int kind, int slot, int block, boolean concurrentCheck) {
        int id = count;
        if (id == sites.length) {
            sites = java.util.Arrays.copyOf(sites, id * 2);
            kinds = java.util.Arrays.copyOf(kinds, id * 2);
            slots = java.util.Arrays.copyOf(slots, id * 2);
            blocks = java.util.Arrays.copyOf(blocks, id * 2);
            checks = java.util.Arrays.copyOf(checks, id * 2);
        }
        sites[id] = site;
        kinds[id] = kind;
        slots[id] = slot;
        blocks[id] = block;
        checks[id] = concurrentCheck;
        count = id + 1;
        return id;
    }

    /** A new block (a method); returns its id. */
    public static synchronized int block() {
        return blockCount++;
    }

    public static int site(int op) {
        return sites[op];
    }

    public static int kind(int op) {
        return kinds[op];
    }

    /** Operations are scheduling points (an AtomFuzzer trial). */
    public static void scheduled(boolean on) {
        scheduled = on;
    }

    /** Per thread: the next invocation number, then each block's current one. */
    private static final ThreadLocal<long[]> INVOCATIONS = new ThreadLocal<>();

    private static long[] invocations(int block) {
        long[] inv = INVOCATIONS.get();
        if (inv == null || inv.length <= block + 1) {
            long[] grown = new long[Math.max(block + 2, blockCount + 1)];
            if (inv != null) {
                System.arraycopy(inv, 0, grown, 0, inv.length);
            }
            INVOCATIONS.set(inv = grown);
        }
        return inv;
    }

    /** At a block's entry: a new invocation of it. */
    static void enter(int block) {
        long[] inv = invocations(block);
        inv[block + 1] = ++inv[0];
    }

    /**
     * A java.util collection each of whose calls holds one monitor: a Collections.synchronized*
     * wrapper, a Vector, a Hashtable. Its calls are atomic one by one, as a concurrent
     * collection's are, so two of them in one block are operations too.
     */
    static boolean synchronizedCollection(Object o) {
        String n = o.getClass().getName();
        return n.startsWith("java.util.Collections$Synchronized") || n.equals("java.util.Vector") || n.equals("java.util.Stack")
                || n.equals("java.util.Hashtable");
    }

    /** Before an operation on target (the field's object, null for a static; the monitor; the concurrent object). */
    static void operation(Object target, int op) {
        if (op >= count) { // the volatile read publishes the arrays' entries
            return;
        }
        if (checks[op] && (target == null || !Synchronizers.concurrent(target) && !synchronizedCollection(target))) {
            return;
        }
        long invocation = invocations(blocks[op])[blocks[op] + 1];
        try (LibCalls.State paused = LibCalls.pause()) {
            Recorder r = RT.rec;
            if (r != null) {
                r.atomicOperation(target, sites[op], kinds[op], slots[op], invocation);
            }
            Scheduling s = RT.sched;
            if (s != null && scheduled) {
                s.atomicOperation(sites[op], target, slots[op], kinds[op], invocation);
            }
        }
    }
}
