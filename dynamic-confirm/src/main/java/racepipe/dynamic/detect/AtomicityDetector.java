package racepipe.dynamic.detect;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Atomicity violations predicted from one trace, in the sense of Velodrome (Flanagan, Freund,
 * Yi, PLDI 2008): an atomic block's execution is serializable unless another thread's operation
 * can come between two of its operations and conflict with both (R-W-R, W-W-R, R-W-W, W-R-W, and
 * any three lock acquires of one monitor). Velodrome checks the observed order only; this check
 * predicts, as the hybrid race detector does: the other thread's operation may sit anywhere in
 * the trace, provided start and join do not order it before the block's first operation or after
 * its second, and no lock the block held from its first operation to its second (the same
 * acquisition) is held by it (or, for a monitor, is the monitor itself). On a trace where the
 * interleaving happened, that is Velodrome's cycle through the two transactions.
 * <p>Operations are the agent's atomic-block operations ({@code agent/AtomicBlocks}), each with
 * its thread, the block's invocation, its site, its kind and its address (a volatile field, a
 * monitor, a concurrent object). State is bounded: per address the distinct (thread, site, kind,
 * held locks) operations, per thread its latest invocations.
 */
public final class AtomicityDetector {
    public static final int READ = 0;
    public static final int WRITE = 1;
    public static final int LOCK = 2;
    private static final int PER_ADDRESS = 64;
    private static final int INVOCATIONS = 16;

    /** A predicted violation: the block's two sites, the other thread's site, their kinds (as "rwr"). */
    public record Violation(int check, int act, int other, String kinds, int thread, int otherThread, long address) {
    }

    /** One operation as the check keeps it. */
    private record Op(int tid, int site, int kind, int[] clock, long[] held) {
    }

    /** Two operations of one block invocation on one address, with the locks held across both. */
    private record Pair(Op first, Op second, long[] across, List<Op> block, long address) {
    }

    private int[][] clocks = new int[4][];
    private final Map<Integer, Map<Integer, Long>> holds = new HashMap<>(); // tid -> lock -> acquisition serial
    private long acquisitions;
    private final Map<Long, List<Op>> byAddress = new HashMap<>();
    private final Map<Long, List<Pair>> pairs = new HashMap<>();
    private final Map<Integer, LinkedHashMap<Long, Map<Long, List<Op>>>> open = new HashMap<>(); // tid -> invocation -> address -> ops
    private final Map<String, Violation> found = new LinkedHashMap<>();

    private int[] clock(int tid) {
        if (tid >= clocks.length) {
            clocks = java.util.Arrays.copyOf(clocks, Math.max(tid + 1, clocks.length * 2));
        }
        if (clocks[tid] == null) {
            clocks[tid] = new int[tid + 1];
            clocks[tid][tid] = 1;
        }
        return clocks[tid];
    }

    private static int[] max(int[] a, int[] b) {
        int[] out = java.util.Arrays.copyOf(a, Math.max(a.length, b.length));
        for (int i = 0; i < b.length; i++) {
            out[i] = Math.max(out[i], b[i]);
        }
        return out;
    }

    // clock(t) may grow the clocks array: each is read into a local first, never inside an
    // assignment to clocks[...] (Java takes the array before the right-hand side, so the store
    // would go to the old array: out of bounds, or lost)
    public void threadStart(int parent, int child) {
        int[] p = clock(parent), c = clock(child);
        clocks[child] = max(c, p);
        int[] np = java.util.Arrays.copyOf(clocks[parent], Math.max(clocks[parent].length, parent + 1));
        np[parent]++;
        clocks[parent] = np;
    }

    public void threadJoin(int joiner, int joined) {
        int[] a = clock(joiner), b = clock(joined);
        clocks[joiner] = max(a, b);
    }

    /** A lock operation waiting for its acquire: tid -> {invocation, site, address, lock}. */
    private final Map<Integer, long[]> pending = new HashMap<>();

    /** The outermost acquire of lock by tid (the hub calls it once per acquisition). */
    public void acquire(int tid, int lock) {
        holds.computeIfAbsent(tid, t -> new HashMap<>()).put(lock, ++acquisitions);
        long[] p = pending.get(tid);
        if (p != null && p[3] == lock) {
            pending.remove(tid);
            record(tid, p[0], (int) p[1], LOCK, p[2], lock);
        }
    }

    /** The outermost release. */
    public void release(int tid, int lock) {
        Map<Integer, Long> h = holds.get(tid);
        if (h != null) {
            h.remove(lock);
        }
    }

    /**
     * An operation of an atomic block: tid in the block's invocation {@code invocation} (a number
     * unique per thread), at site, of kind, on address (its kind in the top bits: see Recorder).
     * {@code lock}: the monitor's lock id when the address is a monitor, else -1.
     */
    public void operation(int tid, long invocation, int site, int kind, long address, int lock) {
        if (kind == LOCK && lock >= 0 && !holds.getOrDefault(tid, Map.of()).containsKey(lock)) {
            // the operation is the acquisition that follows: it holds the lock from then on
            pending.put(tid, new long[] {invocation, site, address, lock});
            return;
        }
        record(tid, invocation, site, kind, address, lock);
    }

    private void record(int tid, long invocation, int site, int kind, long address, int lock) {
        Map<Integer, Long> h = holds.getOrDefault(tid, Map.of());
        long[] held = new long[h.size()];
        int i = 0;
        for (Map.Entry<Integer, Long> e : h.entrySet()) {
            held[i++] = ((long) e.getKey() << 32) | e.getValue();
        }
        int[] c = clock(tid);
        Op op = new Op(tid, site, kind, java.util.Arrays.copyOf(c, c.length), held);
        // as the other thread's operation, against every block pair of other threads on the address
        for (Pair p : pairs.getOrDefault(address, List.of())) {
            check(p, op, lock);
        }
        // as the second operation of a block, with the earlier ones of this invocation
        LinkedHashMap<Long, Map<Long, List<Op>>> mine = open.computeIfAbsent(tid, t -> new LinkedHashMap<>());
        Map<Long, List<Op>> inv = mine.computeIfAbsent(invocation, k -> new HashMap<>());
        if (mine.size() > INVOCATIONS) {
            mine.remove(mine.keySet().iterator().next());
        }
        List<Op> before = inv.computeIfAbsent(address, k -> new ArrayList<>());
        for (Op first : before) {
            Pair p = new Pair(first, op, common(first.held, op.held), before, address);
            List<Pair> ps = pairs.computeIfAbsent(address, k -> new ArrayList<>());
            if (ps.size() < PER_ADDRESS && ps.stream().noneMatch(q -> same(q, p))) {
                ps.add(p);
                for (Op other : byAddress.getOrDefault(address, List.of())) {
                    check(p, other, lock);
                }
            }
        }
        if (before.size() < 8) {
            before.add(op);
        }
        List<Op> ops = byAddress.computeIfAbsent(address, k -> new ArrayList<>());
        if (ops.size() < PER_ADDRESS) {
            ops.removeIf(o -> o.tid == op.tid && o.site == op.site && o.kind == op.kind && java.util.Arrays.equals(o.held, op.held));
            ops.add(op);
        }
    }

    private static boolean same(Pair a, Pair b) {
        return a.first.tid == b.first.tid && a.first.site == b.first.site && a.second.site == b.second.site
                && a.first.kind == b.first.kind && a.second.kind == b.second.kind && a.across.length == b.across.length;
    }

    /** The acquisitions held at both operations (the same acquisition: held all along between them). */
    private static long[] common(long[] a, long[] b) {
        return java.util.Arrays.stream(a).filter(x -> java.util.Arrays.stream(b).anyMatch(y -> y == x)).toArray();
    }

    static boolean conflict(int a, int b) {
        return a == LOCK && b == LOCK || a == WRITE || b == WRITE;
    }

    private void check(Pair p, Op other, int lock) {
        if (other.tid == p.first.tid) {
            return;
        }
        if (other.site == p.first.site) {
            // the other thread passed the same check: running the same block it may make any of its operations
            for (Op x : List.copyOf(p.block)) {
                check(p, other, new Op(other.tid, x.site, x.kind, other.clock, other.held), lock);
            }
        }
        check(p, other, other, lock);
    }

    /** {@code as}: the operation {@code other} may be (itself, or one of the same block's later ones). */
    private void check(Pair p, Op other, Op as, int lock) {
        if (!conflict(p.first.kind, as.kind) || !conflict(as.kind, p.second.kind)) {
            return;
        }
        for (long a : p.across) {
            int l = (int) (a >>> 32);
            if (l == lock) {
                return; // the block holds the monitor itself all along: nobody takes it between
            }
            for (long o : other.held) {
                if ((int) (o >>> 32) == l) {
                    return; // a lock both hold: the other operation cannot come between
                }
            }
        }
        if (before(other, p.first) || before(p.second, other)) {
            return;
        }
        String key = p.first.site + "|" + p.second.site;
        found.putIfAbsent(key, new Violation(p.first.site, p.second.site, as.site,
                "" + letter(p.first.kind) + letter(as.kind) + letter(p.second.kind), p.first.tid, other.tid, p.address));
    }

    /** a is ordered before b by start and join: b's thread has seen a's thread at a's point. */
    private static boolean before(Op a, Op b) {
        int t = a.tid;
        int seen = t < b.clock.length ? b.clock[t] : 0;
        return t < a.clock.length && a.clock[t] <= seen;
    }

    private static char letter(int kind) {
        return kind == READ ? 'r' : kind == WRITE ? 'w' : 'l';
    }

    /** The violations so far, one per pair of block sites, in the order found. */
    public List<Violation> violations() {
        return new ArrayList<>(found.values());
    }
}
