package racepipe.statics.internal.wala;

import com.ibm.wala.classLoader.IField;
import com.ibm.wala.classLoader.IMethod;
import com.ibm.wala.ipa.callgraph.CGNode;
import com.ibm.wala.ipa.callgraph.propagation.InstanceKey;
import com.ibm.wala.ssa.IR;
import com.ibm.wala.ssa.ISSABasicBlock;
import com.ibm.wala.ssa.SSAAbstractInvokeInstruction;
import com.ibm.wala.ssa.SSAArrayStoreInstruction;
import com.ibm.wala.ssa.SSACFG;
import com.ibm.wala.ssa.SSAFieldAccessInstruction;
import com.ibm.wala.ssa.SSAInstruction;
import com.ibm.wala.ssa.SSAMonitorInstruction;
import com.ibm.wala.ssa.SSAPutInstruction;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import racepipe.contract.WatchedLibrary;
import racepipe.statics.StaticSite;
import racepipe.statics.internal.model.LockId;

/**
 * Static atomic-block candidates, the engine's side of the agent's atomic-block rule
 * (dynamic-confirm agent/AtomicBlocks): a method of the application, reached by a thread, that makes
 * two operations on one abstract object, each atomic alone (a call of a synchronized method of
 * it, a synchronized block on it, a volatile field of it read or written, a call on it when it is
 * a concurrent or synchronized collection or an atomic), the second reachable from the first,
 * with no lock held across both (one held at the method's entry, or one acquisition still held
 * from the first to the second); and another thread (or the same code run twice), not ordered
 * with the block by start/join, that may make a writing operation on that object (a synchronized
 * method of it that writes, a synchronized block on it, a volatile write, an updating call). The
 * object must escape its thread (an object each thread allocates for itself is no shared state). The
 * sites are the agent's operation sites: the call, the monitorenter, the field instruction.
 */
final class AtomicCandidates {
    /** The most abstract objects an operation's base may be and still pair (else the pairs would explode). */
    static final int MAX_OBJECTS = 32;
    private static final int READ = 0;
    private static final int WRITE = 1;
    private static final int LOCK = 2;
    private static final int WRITER_DEPTH = 3;
    private static final Set<String> MAYBE_CONCURRENT = Set.of("java/util/Map", "java/util/Collection",
            "java/util/List", "java/util/Set", "java/util/Queue", "java/util/Deque", "java/util/SortedMap",
            "java/util/NavigableMap", "java/util/SortedSet", "java/util/NavigableSet");

    /** An operation: where, its kind, the abstract addresses it may touch ({@code m:} monitor, {@code f:} volatile, {@code c:} concurrent object). */
    record Op(CGNode node, int iindex, int kind, Set<String> addresses, boolean writes, String variable) {
    }

    private final WalaProgram p;
    private final LockPaths paths;
    private final HeldLocks held;
    private final StartJoinOrder order;
    private final ExecCount ex;
    private final Map<CGNode, BitSet> threadsOf;
    private final BitSet escaping;
    private final Map<CGNode, Boolean> writers = new HashMap<>();
    private List<int[]> ordered;

    AtomicCandidates(WalaProgram p, LockPaths paths, HeldLocks held, StartJoinOrder order, ExecCount ex, Map<CGNode, BitSet> threadsOf,
                     BitSet escaping) {
        this.p = p;
        this.paths = paths;
        this.held = held;
        this.order = order;
        this.ex = ex;
        this.threadsOf = threadsOf;
        this.escaping = escaping;
    }

    /** The candidates, each as its three sites: the block's check and act, and the other thread's writing operation. */
    List<List<StaticSite>> blocks() {
        ordered = order.orderedThreads();
        Map<CGNode, List<Op>> ops = new LinkedHashMap<>();
        Map<String, List<Op>> writing = new HashMap<>();
        for (CGNode n : threadsOf.keySet()) {
            if (WalaProgram.isApp(n) && n.getIR() != null) {
                List<Op> l = ops(n);
                ops.put(n, l);
                l.stream().filter(Op::writes).forEach(o -> o.addresses().forEach(a -> writing.computeIfAbsent(a, k -> new ArrayList<>()).add(o)));
            }
        }
        Map<String, List<StaticSite>> out = new TreeMap<>();
        for (var e : ops.entrySet()) {
            CGNode n = e.getKey();
            String name = n.getMethod().getName().toString();
            if (name.equals("<init>") || name.equals("<clinit>")) {
                continue; // the object or class is not shared yet
            }
            for (Op a : e.getValue()) {
                for (Op b : e.getValue()) {
                    if (a.iindex() == b.iindex() || !reaches(n.getIR(), a.iindex(), b.iindex())) {
                        continue;
                    }
                    Set<String> common = new LinkedHashSet<>(a.addresses());
                    common.retainAll(b.addresses());
                    if (common.isEmpty() || heldAcross(n, a, b)) {
                        continue;
                    }
                    Op other = other(n, a, b, common, writing);
                    if (other == null) {
                        continue;
                    }
                    List<StaticSite> sites = List.of(site(a), site(b), site(other));
                    if (sites.stream().allMatch(s -> s.bci() >= 0)) {
                        out.putIfAbsent(sites.get(0).key() + "|" + sites.get(1).key(), sites);
                    }
                }
            }
        }
        return new ArrayList<>(out.values());
    }

    /** n's operations in instruction order. */
    private List<Op> ops(CGNode n) {
        List<Op> out = new ArrayList<>();
        SSAInstruction[] instrs = n.getIR().getInstructions();
        for (int i = 0; i < instrs.length; i++) {
            Op op = op(n, i, instrs[i]);
            if (op != null && !op.addresses().isEmpty()) {
                out.add(op);
            }
        }
        return out;
    }

    private Op op(CGNode n, int i, SSAInstruction ins) {
        if (ins instanceof SSAMonitorInstruction m) {
            return m.isMonitorEnter() ? new Op(n, i, LOCK, objects(n, m.getRef(), "m:", null), true, "monitor") : null;
        }
        if (ins instanceof SSAFieldAccessInstruction fa) {
            IField f = p.field(fa.getDeclaredField());
            if (f == null || !f.isVolatile() || f.isFinal()) {
                return null;
            }
            String fn = LockPaths.fieldName(f);
            boolean put = ins instanceof SSAPutInstruction;
            Set<String> at = fa.isStatic() ? Set.of("f:" + fn) : objects(n, fa.getRef(), "f:" + fn + "@", null);
            return new Op(n, i, put ? WRITE : READ, at, put, fn.replace('/', '.'));
        }
        if (!(ins instanceof SSAAbstractInvokeInstruction call) || call.isSpecial()
                || call.getDeclaredTarget().getName().toString().equals("<init>")) {
            return null;
        }
        List<CGNode> sync = new ArrayList<>();
        p.cg.getPossibleTargets(n, call.getCallSite()).forEach(t -> {
            if (t.getMethod().isSynchronized()) {
                sync.add(t);
            }
        });
        if (!sync.isEmpty()) {
            Set<String> at = call.isStatic()
                    ? Set.of("m:C:" + WalaProgram.internalName(sync.get(0).getMethod().getDeclaringClass().getReference()))
                    : objects(n, call.getReceiver(), "m:", null);
            return new Op(n, i, LOCK, at, sync.stream().anyMatch(t -> writes(t, WRITER_DEPTH, new HashSet<>())), "monitor");
        }
        if (call.isStatic()) {
            return null;
        }
        String owner = WalaProgram.internalName(call.getDeclaredTarget().getDeclaringClass());
        boolean check = MAYBE_CONCURRENT.contains(owner);
        WatchedLibrary.SyncKind kind = WatchedLibrary.syncKind(check ? "java/util/concurrent/ConcurrentMap" : owner,
                call.getDeclaredTarget().getName().toString());
        if (kind == null || owner.equals("java/lang/invoke/VarHandle")) {
            return null;
        }
        boolean write = kind != WatchedLibrary.SyncKind.ACQUIRE;
        return new Op(n, i, write ? WRITE : READ, objects(n, call.getReceiver(), "c:", check ? AtomicCandidates::atomicCollection : null),
                write, "call " + owner.replace('/', '.') + "." + call.getDeclaredTarget().getName());
    }

    /** A collection each of whose calls is atomic: a concurrent one, a synchronized wrapper, a Vector, a Hashtable. */
    private static boolean atomicCollection(String type) {
        return WatchedLibrary.isConcurrentCollection(type) || type.startsWith("java/util/Collections$Synchronized")
                || type.equals("java/util/Vector") || type.equals("java/util/Stack") || type.equals("java/util/Hashtable");
    }

    /**
     * The addresses of value v: prefix + each abstract object that escapes its thread (Escape), kept
     * when its class passes the filter; none when too many.
     */
    private Set<String> objects(CGNode n, int v, String prefix, java.util.function.Predicate<String> typeFilter) {
        Set<String> out = new LinkedHashSet<>();
        var pts = p.pts(n, v);
        if (pts.size() > MAX_OBJECTS) {
            return out;
        }
        for (InstanceKey ik : pts) {
            if (escaping.get(p.index(ik)) && (typeFilter == null || typeFilter.test(WalaProgram.internalName(ik.getConcreteType().getReference())))) {
                out.add(prefix + p.index(ik));
            }
        }
        return out;
    }

    /** The method (or one it calls, a few levels down) may store to a field or an array. */
    private boolean writes(CGNode m, int depth, Set<CGNode> seen) {
        Boolean known = writers.get(m);
        if (known != null) {
            return known;
        }
        if (m.getIR() == null || !seen.add(m)) {
            return false;
        }
        boolean w = false;
        for (SSAInstruction ins : m.getIR().getInstructions()) {
            if (ins instanceof SSAPutInstruction || ins instanceof SSAArrayStoreInstruction) {
                w = true;
                break;
            }
        }
        if (!w && depth > 0) {
            for (var it = p.cg.getSuccNodes(m); it.hasNext() && !w; ) {
                w = writes(it.next(), depth - 1, seen);
            }
        }
        if (depth == WRITER_DEPTH) {
            writers.put(m, w);
        }
        return w;
    }

    /**
     * A lock held from a to b: one held at n's entry (held all through n), or one held at both that
     * no release on a path from a to b lets go (a's own acquire counts as held at a).
     */
    private boolean heldAcross(CGNode n, Op a, Op b) {
        SSAInstruction[] instrs = n.getIR().getInstructions();
        Set<LockId> both = new HashSet<>(held.at(n, a.iindex()));
        if (instrs[a.iindex()] instanceof SSAMonitorInstruction) {
            both.addAll(paths.op(n, instrs[a.iindex()]).locks());
        }
        both.retainAll(held.at(n, b.iindex()));
        for (LockId l : both) {
            if (held.entry(n).contains(l)) {
                return true;
            }
            boolean released = false;
            for (int r = 0; r < instrs.length && !released; r++) {
                LockPaths.Op op = instrs[r] == null ? null : paths.op(n, instrs[r]);
                released = op != null && !op.acquire() && op.locks().contains(l)
                        && reaches(n.getIR(), a.iindex(), r) && reaches(n.getIR(), r, b.iindex());
            }
            if (!released) {
                return true;
            }
        }
        return false;
    }

    /** Another thread's writing operation on one of the block's addresses, not ordered with it (the first in call-graph order), or null. */
    private Op other(CGNode n, Op a, Op b, Set<String> common, Map<String, List<Op>> writing) {
        List<Op> all = new ArrayList<>();
        common.forEach(addr -> all.addAll(writing.getOrDefault(addr, List.of())));
        all.sort(Comparator.comparingInt((Op o) -> p.cg.getNumber(o.node())).thenComparingInt(Op::iindex));
        for (Op o : all) {
            if (parallel(n, a.iindex(), b.iindex(), o)) {
                return o;
            }
        }
        return null;
    }

    /**
     * Some two thread instances may run the block and o at once: distinct abstract threads (or one
     * that runs many times), and start/join does not order o's thread before the block's check or
     * after its act alike.
     */
    private boolean parallel(CGNode n, int check, int act, Op o) {
        BitSet t1 = threadsOf.getOrDefault(n, new BitSet()), t2 = threadsOf.getOrDefault(o.node(), new BitSet());
        for (int x = t1.nextSetBit(0); x >= 0; x = t1.nextSetBit(x + 1)) {
            BitSet withX = order.orderedWith(x, n, check);
            withX.and(order.orderedWith(x, n, act));
            for (int y = t2.nextSetBit(0); y >= 0; y = t2.nextSetBit(y + 1)) {
                int fx = x, fy = y;
                boolean twice = x != y || ex.multi[x];
                boolean sequenced = withX.get(y) || order.orderedWith(y, o.node(), o.iindex()).get(x)
                        || ordered.stream().anyMatch(q -> q[0] == fx && q[1] == fy || q[0] == fy && q[1] == fx);
                if (twice && !sequenced) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Instruction to may run after instruction from in one run of the method (normal control flow). */
    private static boolean reaches(IR ir, int from, int to) {
        SSACFG cfg = ir.getControlFlowGraph();
        ISSABasicBlock fb = cfg.getBlockForInstruction(from), tb = cfg.getBlockForInstruction(to);
        if (fb.equals(tb) && from < to) {
            return true;
        }
        BitSet seen = new BitSet();
        Deque<ISSABasicBlock> todo = new ArrayDeque<>(cfg.getNormalSuccessors(fb));
        while (!todo.isEmpty()) {
            ISSABasicBlock b = todo.poll();
            if (b.equals(tb)) {
                return true;
            }
            if (!seen.get(b.getNumber())) {
                seen.set(b.getNumber());
                todo.addAll(cfg.getNormalSuccessors(b));
            }
        }
        return false;
    }

    private static StaticSite site(Op o) {
        IMethod m = o.node().getMethod();
        int bci = WalaSites.bci(m, o.iindex());
        return new StaticSite(WalaProgram.internalName(m.getDeclaringClass().getReference()), m.getName().toString(),
                m.getDescriptor().toString(), bci, WalaSites.file(m.getDeclaringClass()), WalaSites.line(m, bci),
                o.kind() == WRITE, o.variable());
    }
}
