package racepipe.statics.internal.wala;

import com.ibm.wala.ipa.callgraph.CGNode;
import com.ibm.wala.ipa.callgraph.propagation.AllocationSiteInNode;
import com.ibm.wala.ipa.callgraph.propagation.InstanceKey;
import com.ibm.wala.ssa.IR;
import com.ibm.wala.ssa.SSAAbstractInvokeInstruction;
import com.ibm.wala.ssa.SSACFG;
import com.ibm.wala.ssa.SSAInstruction;
import com.ibm.wala.ssa.SSANewInstruction;
import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/**
 * Objects a thread instance owns through its body: the body object itself (the Runnable, task
 * or Thread subclass whose run() the thread runs) and what it owns through final fields
 * ({@link OwnedFields}: {@code this.rng}, {@code this.tracer.colour}). Two instances of one
 * multi-instance thread that each access such an object through their own body never touch the
 * same object, whatever the points-to sets say (one abstract object stands for every instance's).
 *
 * <p>Why it is sound. (1) Each runtime instance has its own body object: a Thread subclass is
 * started at most once; a Runnable or task qualifies only when its allocation's value goes to one
 * hand-over call (the Thread's constructor, the executor call) that cannot run twice for one
 * allocation (no CFG cycle through the call avoids the allocation), and otherwise only to calls
 * that start no work (a list's {@code add}, main's getters), never into a field or array: so no
 * body serves two instances. (2) In a node whose receiver ({@code v1}) is, on every execution in thread t, the
 * body of the running instance: t's entries, and nodes whose every caller within t is such a node
 * calling with its own receiver or an owned path from it (a greatest fixpoint: every execution's
 * call stack bottoms out at an entry). (3) An owned field's object was allocated by its owner's
 * constructor run and stored once (final), so distinct owners own distinct objects, and a body is
 * never owned (its value is stored into no field). So an access whose base is {@code v1} or an
 * owned chain from it, in such a node, touches only objects of the running instance's body; so
 * does one on a parameter to which every call inside the thread passes such an object.
 */
final class ThreadOwned {
    private final WalaProgram p;
    private final ThreadDiscovery d;
    private final LockPaths paths;
    private final OwnedFields owned;
    /** Per thread: the nodes whose receiver is always the running instance's body (null: none). */
    private final Map<Integer, Set<CGNode>> bodyNodes = new HashMap<>();

    private final java.util.function.Predicate<InstanceKey> onceAllocated;

    ThreadOwned(WalaProgram p, ThreadDiscovery d, LockPaths paths, OwnedFields owned,
                java.util.function.Predicate<InstanceKey> onceAllocated) {
        this.onceAllocated = onceAllocated;
        this.p = p;
        this.d = d;
        this.paths = paths;
        this.owned = owned;
    }

    /** The threads (among {@code threads}) in which the access on value {@code base} of n is to its instance's own object. */
    BitSet at(CGNode n, int base, BitSet threads) {
        BitSet out = new BitSet();
        if (base < 0) {
            return out;
        }
        for (int t = threads.nextSetBit(1); t >= 0; t = threads.nextSetBit(t + 1)) {
            if (owned(t, n, base, 0)) {
                out.set(t);
            }
        }
        return out;
    }

    /**
     * Value v of n is, in every run of n by thread t, an object of the running instance's body:
     * v1 or an owned chain from it in a body node, or a parameter to which every call of n
     * inside t passes such a value ({@code summary.merge(this.tally)}).
     */
    private boolean owned(int t, CGNode n, int v, int depth) {
        if (!n.getMethod().isStatic() && ownedFromReceiver(n, v) && nodes(t).contains(n)) {
            return true;
        }
        IR ir = n.getIR();
        if (depth > 4 || ir == null || v > ir.getNumberOfParameters() || d.threads.get(t).entries().contains(n)) {
            return false;
        }
        BitSet reach = d.reach.get(t);
        boolean any = false;
        for (Iterator<CGNode> it = p.cg.getPredNodes(n); it.hasNext(); ) {
            CGNode c = it.next();
            if (!reach.get(p.cg.getNumber(c))) {
                continue;
            }
            if (c.getIR() == null) {
                return false;
            }
            for (Iterator<com.ibm.wala.classLoader.CallSiteReference> s = p.cg.getPossibleSites(c, n); s.hasNext(); ) {
                for (SSAAbstractInvokeInstruction call : WalaSites.calls(c.getIR(), s.next())) {
                    if (call.getNumberOfUses() < v || !owned(t, c, call.getUse(v - 1), depth + 1)) {
                        return false;
                    }
                    any = true;
                }
            }
        }
        return any;
    }

    private boolean ownedFromReceiver(CGNode n, int v) {
        String path = paths.path(n, v);
        return path.equals("V1") || path.startsWith("V1.") && owned.ownedChain(path.substring(2));
    }

    /** The nodes whose receiver is, in every run by thread t, the running instance's body. */
    Set<CGNode> nodes(int t) {
        return bodyNodes.computeIfAbsent(t, this::compute);
    }

    private Set<CGNode> compute(int t) {
        WalaThread th = d.threads.get(t);
        if (th.bodies().isEmpty() || !th.bodies().stream().allMatch(b -> ownBody(th, b))) {
            return Set.of();
        }
        BitSet reach = d.reach.get(t);
        Set<CGNode> in = new HashSet<>();
        for (CGNode n : p.cg) {
            if (reach.get(p.cg.getNumber(n)) && WalaProgram.isApp(n) && !n.getMethod().isStatic() && n.getIR() != null) {
                in.add(n);
            }
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            for (Iterator<CGNode> it = in.iterator(); it.hasNext(); ) {
                CGNode n = it.next();
                if (!callersKeep(n, th, reach, in)) {
                    it.remove();
                    changed = true;
                }
            }
        }
        return in;
    }

    /** Every call of n within thread t comes from a kept node with its receiver or an owned path from it. */
    private boolean callersKeep(CGNode n, WalaThread th, BitSet reach, Set<CGNode> in) {
        for (Iterator<CGNode> it = p.cg.getPredNodes(n); it.hasNext(); ) {
            CGNode c = it.next();
            if (!reach.get(p.cg.getNumber(c))) {
                continue;
            }
            if (!in.contains(c)) {
                return false;
            }
            for (Iterator<com.ibm.wala.classLoader.CallSiteReference> s = p.cg.getPossibleSites(c, n); s.hasNext(); ) {
                for (SSAAbstractInvokeInstruction call : WalaSites.calls(c.getIR(), s.next())) {
                    if (call.isStatic() || !ownedFromReceiver(c, call.getReceiver())) {
                        return false;
                    }
                }
            }
        }
        // an entry with no caller inside the thread runs on the body the thread was started with
        return th.entries().contains(n) || p.cg.getPredNodes(n).hasNext() && anyCallerIn(n, reach);
    }

    private boolean anyCallerIn(CGNode n, BitSet reach) {
        for (Iterator<CGNode> it = p.cg.getPredNodes(n); it.hasNext(); ) {
            if (reach.get(p.cg.getNumber(it.next()))) {
                return true;
            }
        }
        return false;
    }

    /** The body object is the running instance's alone: the thread object itself, or a value handed over once. */
    boolean ownBody(WalaThread th, InstanceKey body) {
        if (th.kind() == SpawnKind.THREAD_START && body.equals(th.object())) {
            return true; // a Thread subclass running its own run(): one start per object
        }
        if (!(body instanceof AllocationSiteInNode a) || a.getNode().getIR() == null) {
            return false;
        }
        CGNode n = a.getNode();
        IR ir = n.getIR();
        SSANewInstruction alloc = ir.getNew(a.getSite());
        if (alloc == null) {
            return false;
        }
        int v = alloc.getDef();
        SSAInstruction handOver = null;
        for (Iterator<SSAInstruction> it = n.getDU().getUses(v); it.hasNext(); ) {
            SSAInstruction use = it.next();
            if (use instanceof com.ibm.wala.ssa.SSAArrayStoreInstruction store && store.getValue() == v
                    && store.getArrayRef() != v && store.getIndex() != v) {
                if (handOver != null) {
                    return false;
                }
                handOver = throughArray(th, n, store);
                if (handOver == null) {
                    return false;
                }
                alloc = null; // the once-per-store check was made against the store
                continue;
            }
            if (!(use instanceof SSAAbstractInvokeInstruction call)) {
                return false;
            }
            boolean construct = call.getDeclaredTarget().isInit() && !call.isStatic() && call.getReceiver() == v
                    && !usesBeyondReceiver(call, v);
            if (construct) {
                continue;
            }
            if (!handsOver(th, n, call)) {
                if (startsWork(n, call)) {
                    return false;
                }
                continue; // a look at the body (main reading its totals, a list of handlers): it hands it to no thread
            }
            if (handOver != null) {
                return false;
            }
            handOver = use;
        }
        return handOver != null && (alloc == null || onceAfter(ir, alloc, handOver));
    }

    /**
     * A body stored into an array X at an index that differs each time (a counter of a loop
     * entered once), then handed over as X[i] loaded with the same array and index values after
     * the store, once per store: each store puts a new body in a new element, X is one runtime
     * array (allocated once) that nothing else stores into nor hands to library code, so the
     * element loaded is the body of this iteration. The hand-over call, or null.
     */
    private SSAInstruction throughArray(WalaThread th, CGNode n, com.ibm.wala.ssa.SSAArrayStoreInstruction store) {
        IR ir = n.getIR();
        int x = store.getArrayRef();
        var xs = p.pts(n, x);
        if (xs.size() != 1 || !CountingLoops.distinctIndex(n, store.iIndex())) {
            return null;
        }
        InstanceKey array = xs.iterator().next();
        if (!onceAllocated.test(array) || !onlyStore(array, n, store)) {
            return null;
        }
        SSAInstruction found = null;
        for (Iterator<SSAInstruction> it = n.getDU().getUses(x); it.hasNext(); ) {
            if (!(it.next() instanceof com.ibm.wala.ssa.SSAArrayLoadInstruction load)
                    || CountingLoops.same(n, load.getIndex()) != CountingLoops.same(n, store.getIndex())) {
                continue;
            }
            for (Iterator<SSAInstruction> us = n.getDU().getUses(load.getDef()); us.hasNext(); ) {
                if (us.next() instanceof SSAAbstractInvokeInstruction call && handsOver(th, n, call)
                        && !(call.getDeclaredTarget().isInit() && call.getReceiver() == load.getDef())) {
                    if (found != null) {
                        return null;
                    }
                    found = call;
                }
            }
        }
        if (found == null) {
            return null;
        }
        SSACFG cfg = ir.getControlFlowGraph();
        var dom = com.ibm.wala.util.graph.dominators.Dominators.make(cfg, cfg.entry());
        SSACFG.BasicBlock sb = cfg.getBlockForInstruction(store.iIndex());
        SSACFG.BasicBlock fb = cfg.getBlockForInstruction(found.iIndex());
        boolean after = sb.equals(fb) ? store.iIndex() < found.iIndex() : dom.isDominatedBy(fb, sb);
        return after && onceAfter(ir, store, found) ? found : null;
    }

    /** The store is the only one into the array anywhere, and no library code gets the array. */
    private boolean onlyStore(InstanceKey array, CGNode n, SSAInstruction store) {
        for (CGNode x : p.cg) {
            if (x.getIR() == null) {
                continue;
            }
            for (SSAInstruction ins : x.getIR().getInstructions()) {
                if (ins instanceof com.ibm.wala.ssa.SSAArrayStoreInstruction st && !(x.equals(n) && ins.iIndex() == store.iIndex())
                        && p.pts(x, st.getArrayRef()).contains(array)) {
                    return false;
                }
                if (ins instanceof SSAAbstractInvokeInstruction call) {
                    for (int u = 0; u < call.getNumberOfUses(); u++) {
                        if (p.pts(x, call.getUse(u)).contains(array)) {
                            var targets = p.cg.getPossibleTargets(x, call.getCallSite());
                            if (targets.isEmpty() || targets.stream().anyMatch(c -> !WalaProgram.isApp(c))) {
                                return false;
                            }
                        }
                    }
                }
            }
        }
        return true;
    }

    /**
     * The call may give its arguments to a thread: a spawn call, or a constructor of a Thread
     * (its Runnable). Other calls (a list's add, a getter) only look at the body; whatever thread
     * later gets it from there runs it as no instance's own body.
     */
    private boolean startsWork(CGNode n, SSAAbstractInvokeInstruction call) {
        for (CGNode c : p.cg.getPossibleTargets(n, call.getCallSite())) {
            if (SpawnKind.of(c) != SpawnKind.NONE) {
                return true;
            }
        }
        if (!call.getDeclaredTarget().isInit()) {
            return false;
        }
        var k = p.cha.lookupClass(call.getDeclaredTarget().getDeclaringClass());
        var thread = p.cha.lookupClass(com.ibm.wala.types.TypeReference.JavaLangThread);
        return k == null || thread == null || p.cha.isSubclassOf(k, thread);
    }

    /**
     * The abstract objects an access owned in thread t may touch: t's bodies and, transitively,
     * what their owned final fields point to. Owned accesses of two threads whose sets are
     * disjoint never touch one object (two Worker objects whose one run() the points-to merges).
     * Empty when t has no body nodes.
     */
    BitSet closure(int t) {
        return closures.computeIfAbsent(t, this::computeClosure);
    }

    private final Map<Integer, BitSet> closures = new HashMap<>();

    private BitSet computeClosure(int t) {
        BitSet out = new BitSet();
        if (nodes(t).isEmpty()) {
            return out;
        }
        Deque<InstanceKey> todo = new ArrayDeque<>(d.threads.get(t).bodies());
        Set<InstanceKey> seen = new HashSet<>(todo);
        while (!todo.isEmpty()) {
            InstanceKey ik = todo.poll();
            out.set(p.index(ik));
            var k = ik.getConcreteType();
            if (k == null || k.isArrayClass()) {
                continue;
            }
            for (com.ibm.wala.classLoader.IField f : k.getAllInstanceFields()) {
                if (f.getFieldTypeReference().isPrimitiveType() || !owned.ownedChain("." + LockPaths.fieldName(f))) {
                    continue;
                }
                var key = p.pa.getHeapModel().getPointerKeyForInstanceField(ik, f);
                if (key == null) {
                    continue;
                }
                for (InstanceKey o : p.pa.getPointsToSet(key)) {
                    if (seen.add(o)) {
                        todo.add(o);
                    }
                }
            }
        }
        return out;
    }

    private static boolean usesBeyondReceiver(SSAAbstractInvokeInstruction call, int v) {
        for (int i = 1; i < call.getNumberOfUses(); i++) {
            if (call.getUse(i) == v) {
                return true;
            }
        }
        return false;
    }

    /** The call that gives the body to this thread: its spawn call, or the constructor of its thread object. */
    private boolean handsOver(WalaThread th, CGNode n, SSAAbstractInvokeInstruction call) {
        if (th.kind() != SpawnKind.THREAD_START) {
            return n.equals(th.spawnNode()) && call.iIndex() == th.spawn().iIndex();
        }
        if (!call.getDeclaredTarget().isInit() || call.isStatic()) {
            return false;
        }
        var receivers = p.pts(n, call.getReceiver());
        return receivers.size() == 1 && receivers.contains(th.object());
    }

    /** No path from the hand-over back to it avoids the allocation: each allocated object is handed over once. */
    private static boolean onceAfter(IR ir, SSAInstruction alloc, SSAInstruction use) {
        SSACFG cfg = ir.getControlFlowGraph();
        SSACFG.BasicBlock def = cfg.getBlockForInstruction(alloc.iIndex());
        SSACFG.BasicBlock at = cfg.getBlockForInstruction(use.iIndex());
        if (def.equals(at) && alloc.iIndex() > use.iIndex()) {
            return false;
        }
        Set<Integer> seen = new HashSet<>();
        Deque<com.ibm.wala.ssa.ISSABasicBlock> todo = new ArrayDeque<>();
        cfg.getSuccNodes(at).forEachRemaining(todo::add);
        while (!todo.isEmpty()) {
            com.ibm.wala.ssa.ISSABasicBlock b = todo.poll();
            if (b.equals(def) || !seen.add(b.getNumber())) {
                continue;
            }
            if (b.equals(at)) {
                return false;
            }
            cfg.getSuccNodes(b).forEachRemaining(todo::add);
        }
        return true;
    }
}
