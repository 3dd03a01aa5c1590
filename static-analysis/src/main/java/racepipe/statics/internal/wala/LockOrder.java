package racepipe.statics.internal.wala;

import com.ibm.wala.classLoader.CallSiteReference;
import com.ibm.wala.classLoader.IClass;
import com.ibm.wala.classLoader.IMethod;
import com.ibm.wala.ipa.callgraph.CGNode;
import com.ibm.wala.ipa.callgraph.propagation.InstanceKey;
import com.ibm.wala.ssa.ISSABasicBlock;
import com.ibm.wala.ssa.SSAAbstractInvokeInstruction;
import com.ibm.wala.ssa.SSACFG;
import com.ibm.wala.ssa.SSAInstruction;
import com.ibm.wala.ssa.SSAMonitorInstruction;
import com.ibm.wala.types.TypeReference;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import racepipe.contract.SiteKey;
import racepipe.statics.StaticSite;
import racepipe.statics.internal.model.LockId;

/**
 * The static lock-order graph (after Naik et al., ICSE 2009, and iGoodlock's rules): locks are
 * abstract objects, an edge a -> b is an acquire of b (a monitorenter or Lock.lock) while an
 * acquire of a may be held, in the same method or in a caller along the call graph. A cycle of
 * two edges is a predicted deadlock when two abstract threads (or one that runs many times) may
 * take them, not ordered by start/join, and no lock surely held before both outer acquires (a
 * gate) serialises them; a cycle of three edges over three locks when each two of them are. A synchronized method takes its monitor on entry: an acquire at
 * {@link #ENTRY}, named like the agent names it ({@link SiteKey#METHOD_MONITOR}, the method's first line).
 */
final class LockOrder {
    /** The most abstract objects a lock may be and still take part in edges. */
    static final int MAX_OBJECTS = 32;

    /** The instruction index of a synchronized method's entry, where it takes its monitor. */
    static final int ENTRY = -1;

    /** An acquire: where (node, instruction or {@link #ENTRY}) and the abstract objects it may take. One object per acquire: sets hold them by identity. */
    record Acq(CGNode node, int iindex, int[] objects) {
    }

    /** b taken at inner while a, taken at outer, may be held. */
    record Edge(Acq outer, Acq inner) {
    }

    private final WalaProgram p;
    private final LockPaths paths;
    private final HeldLocks must;
    private final StartJoinOrder order;
    private final ExecCount ex;
    private final Map<CGNode, BitSet> threadsOf;
    private final Map<CGNode, Map<Integer, Set<Acq>>> local = new HashMap<>();
    private final Map<CGNode, Set<Acq>> entry = new HashMap<>();
    private final Map<Long, List<Edge>> edges = new LinkedHashMap<>();
    private final Map<CGNode, Map<Integer, Optional<Acq>>> acquires = new HashMap<>();
    private final Map<IClass, Integer> classObjects = new HashMap<>();
    private List<int[]> ordered;
    /** Acquires left out because their lock may be too many abstract objects to pair (the graph would explode). */
    int tooWide;
    /** The three-thread cycles were cut at {@link #MAX_TRIPLES} triples or {@link #MAX_THREE} cycles. */
    boolean tooManyTriples;

    LockOrder(WalaProgram p, LockPaths paths, HeldLocks must, StartJoinOrder order, ExecCount ex, Map<CGNode, BitSet> threadsOf) {
        this.p = p;
        this.paths = paths;
        this.must = must;
        this.order = order;
        this.ex = ex;
        this.threadsOf = threadsOf;
    }

    /** The cycles, each as its acquire sites, two per thread (its outer and its inner): two threads, then three. */
    List<List<StaticSite>> cycles() {
        ordered = order.orderedThreads();
        List<CGNode> nodes = threadsOf.keySet().stream().filter(WalaProgram::isApp).toList();
        nodes.forEach(n -> local.put(n, flow(n)));
        entries(nodes);
        Set<CGNode> scope = new HashSet<>(nodes);
        for (CGNode n : nodes) {
            Set<Acq> in = entry.getOrDefault(n, Set.of());
            for (var e : local.get(n).entrySet()) {
                SSAInstruction ins = n.getIR().getInstructions()[e.getKey()];
                Set<Acq> held = new LinkedHashSet<>(in);
                held.addAll(e.getValue());
                Acq inner = acquire(n, e.getKey(), ins);
                if (inner != null) {
                    addEdges(held, inner);
                } else if (ins instanceof SSAAbstractInvokeInstruction call) {
                    synchronizedCallees(n, call, scope, held);
                }
            }
        }
        Map<String, List<StaticSite>> out = new LinkedHashMap<>();
        Map<Integer, Set<Integer>> succ = new HashMap<>();
        for (long k : edges.keySet()) {
            succ.computeIfAbsent((int) (k >>> 32), x -> new LinkedHashSet<>()).add((int) k);
        }
        for (var e : edges.entrySet()) {
            int a = (int) (e.getKey() >>> 32), b = (int) (long) e.getKey();
            List<Edge> back = a < b ? edges.get(key(b, a)) : null;
            if (back == null) {
                continue;
            }
            for (Edge e1 : e.getValue()) {
                for (Edge e2 : back) {
                    if (parallel(e1, e2) && !gated(e1, e2)) {
                        add(out, List.of(e1, e2));
                    }
                }
            }
        }
        threeThreadCycles(succ, out);
        return new ArrayList<>(out.values());
    }

    /** The most edge triples a program's three-thread cycles may cost to look at, and the most such cycles reported. */
    static final int MAX_TRIPLES = 200_000, MAX_THREE = 100;

    /**
     * Cycles of three threads over three locks, a -> b -> c -> a (a the smallest, so each once): each
     * two of the three edges taken by threads that may run at once, no two behind a common gate.
     */
    private void threeThreadCycles(Map<Integer, Set<Integer>> succ, Map<String, List<StaticSite>> out) {
        int triples = 0, found = 0;
        for (var e : edges.entrySet()) {
            int a = (int) (e.getKey() >>> 32), b = (int) (long) e.getKey();
            if (b < a) {
                continue;
            }
            for (int c : succ.getOrDefault(b, Set.of())) {
                List<Edge> bc = edges.get(key(b, c)), ca = edges.get(key(c, a));
                if (c < a || c == a || c == b || ca == null) {
                    continue;
                }
                for (Edge e1 : e.getValue()) {
                    for (Edge e2 : bc) {
                        for (Edge e3 : ca) {
                            if (++triples > MAX_TRIPLES || found >= MAX_THREE) {
                                tooManyTriples = true;
                                return;
                            }
                            if (parallel(e1, e2) && parallel(e2, e3) && parallel(e1, e3)
                                    && !gated(e1, e2) && !gated(e2, e3) && !gated(e1, e3) && add(out, List.of(e1, e2, e3))) {
                                found++;
                            }
                        }
                    }
                }
            }
        }
    }

    /** The cycle of these edges (thread i holds its edge's outer lock, wants its inner), when every site is known; true when new. */
    private static boolean add(Map<String, List<StaticSite>> out, List<Edge> cycle) {
        List<Acq> acqs = new ArrayList<>();
        cycle.forEach(e -> {
            acqs.add(e.outer());
            acqs.add(e.inner());
        });
        List<StaticSite> sites = acqs.stream().map(LockOrder::site).toList();
        for (int i = 0; i < sites.size(); i++) {
            if (acqs.get(i).iindex() != ENTRY && sites.get(i).bci() < 0) {
                return false;
            }
        }
        return out.putIfAbsent(canonical(sites), sites) == null;
    }

    /**
     * A call of a synchronized method takes its monitor: edges from what the caller holds, unless
     * the caller holds the monitor of the very value the call is on already (taking it again is
     * re-entrant, whatever objects the abstraction merges it with).
     */
    private void synchronizedCallees(CGNode n, SSAAbstractInvokeInstruction call, Set<CGNode> scope, Set<Acq> held) {
        if (!call.isStatic() && held.stream().anyMatch(h -> h.node().equals(n) && lockValue(h) == call.getReceiver())) {
            return;
        }
        for (CGNode c : p.cg.getPossibleTargets(n, call.getCallSite())) {
            Acq onEntry = scope.contains(c) ? entryAcquire(c) : null;
            if (onEntry != null) {
                addEdges(held, onEntry);
            }
        }
    }

    /** The value an acquire of node n locks: a monitor's reference, a Lock's receiver, `this` for the node's own synchronized entry; -1 for a class's. */
    private static int lockValue(Acq a) {
        if (a.iindex() == ENTRY) {
            return a.node().getMethod().isStatic() ? -1 : 1;
        }
        SSAInstruction ins = a.node().getIR().getInstructions()[a.iindex()];
        return ins instanceof SSAMonitorInstruction m ? m.getRef()
                : ins instanceof SSAAbstractInvokeInstruction i && !i.isStatic() ? i.getReceiver() : -1;
    }

    private void addEdges(Set<Acq> held, Acq inner) {
        for (Acq outer : held) {
            for (int a : outer.objects()) {
                for (int b : inner.objects()) {
                    if (a != b) {
                        edges.computeIfAbsent(key(a, b), k -> new ArrayList<>()).add(new Edge(outer, inner));
                    }
                }
            }
        }
    }

    private static long key(int a, int b) {
        return ((long) a << 32) | (b & 0xffffffffL);
    }

    /** Some two threads may take the edges at once: distinct (or one that runs many times) and not ordered by start/join. */
    private boolean parallel(Edge e1, Edge e2) {
        BitSet t1 = threadsOf.getOrDefault(e1.inner().node(), new BitSet()), t2 = threadsOf.getOrDefault(e2.inner().node(), new BitSet());
        for (int x = t1.nextSetBit(0); x >= 0; x = t1.nextSetBit(x + 1)) {
            BitSet withX = order.orderedWith(x, e1.inner().node(), at(e1.inner()));
            for (int y = t2.nextSetBit(0); y >= 0; y = t2.nextSetBit(y + 1)) {
                int fx = x, fy = y;
                boolean twice = x != y || ex.multi[x];
                boolean sequenced = withX.get(y) || order.orderedWith(y, e2.inner().node(), at(e2.inner())).get(x)
                        || ordered.stream().anyMatch(o -> o[0] == fx && o[1] == fy || o[0] == fy && o[1] == fx);
                if (twice && !sequenced) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The instruction an acquire is ordered by: a method's entry is its first instruction. */
    private static int at(Acq a) {
        return a.iindex() == ENTRY ? 0 : a.iindex();
    }

    /** A lock surely held before both outer acquires, surely one runtime object: Goodlock's gate. */
    private boolean gated(Edge e1, Edge e2) {
        Set<String> g1 = globals(e1.outer());
        g1.retainAll(globals(e2.outer()));
        return !g1.isEmpty();
    }

    private Set<String> globals(Acq a) {
        Set<String> out = new HashSet<>();
        for (LockId l : must.at(a.node(), a.iindex())) {
            String g = l.global() ? l.path() : paths.global(a.node(), l.path());
            if (g != null) {
                out.add((l.juc() ? "lock:" : "") + g);
            }
        }
        return out;
    }

    /** Per acquire or call instruction of n, the acquires of n that may be held just before it. */
    private Map<Integer, Set<Acq>> flow(CGNode n) {
        SSACFG cfg = n.getIR().getControlFlowGraph();
        SSAInstruction[] instrs = n.getIR().getInstructions();
        @SuppressWarnings("unchecked")
        Set<Acq>[] out = new Set[cfg.getNumberOfNodes()];
        Map<Integer, Set<Acq>> rec = new HashMap<>();
        Acq onEntry = entryAcquire(n);
        Deque<ISSABasicBlock> todo = new ArrayDeque<>();
        todo.add(cfg.entry());
        while (!todo.isEmpty()) {
            ISSABasicBlock b = todo.poll();
            Set<Acq> s = new LinkedHashSet<>();
            if (onEntry != null) {
                s.add(onEntry); // held throughout: the monitor is released only by the return
            }
            for (var it = cfg.getPredNodes(b); it.hasNext(); ) {
                Set<Acq> po = out[it.next().getNumber()];
                if (po != null) {
                    s.addAll(po); // may-held: union at joins
                }
            }
            for (int i = b.getFirstInstructionIndex(); i <= b.getLastInstructionIndex() && i >= 0; i++) {
                SSAInstruction ins = instrs[i];
                if (ins == null) {
                    continue;
                }
                Acq acq = acquire(n, i, ins);
                if (acq != null || ins instanceof SSAAbstractInvokeInstruction) {
                    rec.merge(i, Set.copyOf(s), (x, y) -> {
                        Set<Acq> u = new LinkedHashSet<>(x);
                        u.addAll(y);
                        return Set.copyOf(u);
                    });
                }
                if (acq != null) {
                    s.add(acq);
                } else {
                    LockPaths.Op op = paths.op(n, ins);
                    if (op != null && !op.acquire()) {
                        int[] released = objects(n, ins);
                        s.removeIf(h -> sameLock(h, released));
                    }
                }
            }
            Set<Acq> now = Set.copyOf(s);
            if (!now.equals(out[b.getNumber()])) {
                out[b.getNumber()] = now;
                for (var it = cfg.getSuccNodes(b); it.hasNext(); ) {
                    todo.add(it.next());
                }
            }
        }
        return rec;
    }

    /** Held at a callee's entry: what its app callers may hold at the call, to a fixpoint. */
    private void entries(Collection<CGNode> nodes) {
        Set<CGNode> scope = new HashSet<>(nodes);
        Deque<CGNode> todo = new ArrayDeque<>(nodes);
        while (!todo.isEmpty()) {
            CGNode n = todo.poll();
            Set<Acq> in = entry.getOrDefault(n, Set.of());
            for (var it = p.cg.getSuccNodes(n); it.hasNext(); ) {
                CGNode c = it.next();
                if (!scope.contains(c)) {
                    continue;
                }
                Set<Acq> add = new LinkedHashSet<>(in);
                for (var sites = p.cg.getPossibleSites(n, c); sites.hasNext(); ) {
                    CallSiteReference site = sites.next();
                    for (SSAAbstractInvokeInstruction call : WalaSites.calls(n.getIR(), site)) {
                        add.addAll(local.get(n).getOrDefault(call.iIndex(), Set.of()));
                    }
                }
                Set<Acq> old = entry.getOrDefault(c, Set.of());
                if (!old.containsAll(add)) {
                    Set<Acq> u = new LinkedHashSet<>(old);
                    u.addAll(add);
                    entry.put(c, u);
                    todo.add(c);
                }
            }
        }
    }

    /** The acquire this instruction makes (exclusive: a monitorenter or an exclusive Lock.lock), or null; one object each. */
    private Acq acquire(CGNode n, int iindex, SSAInstruction ins) {
        return acquires.computeIfAbsent(n, k -> new HashMap<>())
                .computeIfAbsent(iindex, i -> Optional.ofNullable(newAcquire(n, i, ins))).orElse(null);
    }

    /** The monitor a synchronized method takes on entry (its receiver's objects, or its class's), or null. */
    private Acq entryAcquire(CGNode n) {
        IMethod m = n.getMethod();
        if (!m.isSynchronized()) {
            return null;
        }
        return acquires.computeIfAbsent(n, k -> new HashMap<>()).computeIfAbsent(ENTRY, i -> {
            int[] objs = m.isStatic() ? new int[] {classObject(m.getDeclaringClass())} : receiverObjects(n);
            if (objs.length > MAX_OBJECTS) {
                tooWide++;
                return Optional.empty();
            }
            return objs.length == 0 ? Optional.empty() : Optional.of(new Acq(n, ENTRY, objs));
        }).orElse(null);
    }

    private int[] receiverObjects(CGNode n) {
        List<Integer> out = new ArrayList<>();
        for (InstanceKey ik : p.pts(n, 1)) {
            out.add(p.index(ik));
        }
        return out.stream().mapToInt(Integer::intValue).sorted().toArray();
    }

    /** A class's object, as `synchronized (C.class)` names it when the program has one; else an id of its own (negative). */
    private int classObject(IClass c) {
        return classObjects.computeIfAbsent(c, k -> {
            InstanceKey ik = p.heap.getInstanceKeyForMetadataObject(k.getReference(), TypeReference.JavaLangClass);
            int i = ik == null ? -1 : p.index(ik);
            return i >= 0 ? i : -2 - classObjects.size();
        });
    }

    private Acq newAcquire(CGNode n, int iindex, SSAInstruction ins) {
        LockPaths.Op op = paths.op(n, ins);
        if (op == null || !op.acquire() || op.locks().stream().anyMatch(LockId::shared)) {
            return null;
        }
        int[] objs = objects(n, ins);
        if (objs.length > MAX_OBJECTS) {
            tooWide++;
            return null;
        }
        return objs.length == 0 ? null : new Acq(n, iindex, objs);
    }

    /** The abstract objects of the lock an acquire or release names (a Lock's own object, a monitor's object). */
    private int[] objects(CGNode n, SSAInstruction ins) {
        int v = ins instanceof SSAMonitorInstruction m ? m.getRef() : ((SSAAbstractInvokeInstruction) ins).getReceiver();
        List<Integer> out = new ArrayList<>();
        for (InstanceKey ik : p.pts(n, v)) {
            out.add(p.index(ik));
        }
        return out.stream().mapToInt(Integer::intValue).sorted().toArray();
    }

    private static boolean sameLock(Acq held, int[] released) {
        return java.util.Arrays.equals(held.objects(), released);
    }

    private static StaticSite site(Acq a) {
        IMethod m = a.node().getMethod();
        if (a.iindex() == ENTRY) {
            return new StaticSite(WalaProgram.internalName(m.getDeclaringClass().getReference()), m.getName().toString(),
                    m.getDescriptor().toString(), SiteKey.METHOD_MONITOR, WalaSites.file(m.getDeclaringClass()), WalaSites.line(m, 0), false, "lock");
        }
        int bci = WalaSites.bci(m, a.iindex());
        return new StaticSite(WalaProgram.internalName(m.getDeclaringClass().getReference()), m.getName().toString(),
                m.getDescriptor().toString(), bci, WalaSites.file(m.getDeclaringClass()), WalaSites.line(m, bci), false, "lock");
    }

    /** One cycle however it is rotated: its edges' site keys, from the smallest edge on. */
    private static String canonical(List<StaticSite> s) {
        List<String> edge = new ArrayList<>();
        for (int i = 0; i < s.size(); i += 2) {
            edge.add(s.get(i).key() + "|" + s.get(i + 1).key());
        }
        int start = 0;
        for (int i = 1; i < edge.size(); i++) {
            if (edge.get(i).compareTo(edge.get(start)) < 0) {
                start = i;
            }
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < edge.size(); i++) {
            sb.append(i == 0 ? "" : "|").append(edge.get((start + i) % edge.size()));
        }
        return sb.toString();
    }
}
