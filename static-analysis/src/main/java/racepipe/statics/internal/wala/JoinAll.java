package racepipe.statics.internal.wala;

import com.ibm.wala.classLoader.CallSiteReference;
import com.ibm.wala.ipa.callgraph.CGNode;
import com.ibm.wala.ipa.callgraph.propagation.InstanceKey;
import com.ibm.wala.shrike.shrikeBT.IConditionalBranchInstruction;
import com.ibm.wala.ssa.IR;
import com.ibm.wala.ssa.ISSABasicBlock;
import com.ibm.wala.ssa.SSAAbstractInvokeInstruction;
import com.ibm.wala.ssa.SSAArrayLengthInstruction;
import com.ibm.wala.ssa.SSAArrayLoadInstruction;
import com.ibm.wala.ssa.SSAArrayStoreInstruction;
import com.ibm.wala.ssa.SSABinaryOpInstruction;
import com.ibm.wala.ssa.SSACFG;
import com.ibm.wala.ssa.SSAConditionalBranchInstruction;
import com.ibm.wala.ssa.SSAInstruction;
import com.ibm.wala.ssa.SymbolTable;
import com.ibm.wala.util.graph.dominators.Dominators;
import com.ibm.wala.util.intset.OrdinalSet;
import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;

/**
 * The join half of the parallel stage for threads started many times from an array: main (or
 * any single-instance thread P) starts {@code ts[i]} in a loop and later runs
 * {@code for (Thread t : ts) t.join()}. What P runs once that loop is done is ordered after every
 * instance of T.
 *
 * <p>Why it is sound, condition by condition: T is only started by P, in a method M that runs
 * once, on a thread loaded from an array X that is one runtime array (allocated once); every
 * store into X (anywhere, JDK included; no native method is handed X) runs in P before every
 * start of T ({@link SpawnBefore}), so from the first start on X does not change and holds every
 * started thread; the join loop is in M, after every start (no start is reachable from its exit),
 * and joins X[i] for i = 0, 1, ... up to X.length (an induction variable from 0 by 1, tested
 * against X.length, the join's normal completion on the way to every increment, so an
 * interrupted join caught inside the loop does not count); what its exit dominates, and the
 * methods P reaches only from there, run after every instance of T ended. A method P reaches
 * only through calls of M that run either before every start ({@link SpawnBefore}: M runs once)
 * or after the join loop is, each time it runs, ordered with every instance the same way
 * ({@code matrix(n)} called before the starts and again after the joins).
 *
 * <p>Threads held in a list instead ({@code for (Thread t : threads) t.start()} ... {@code
 * for (Thread t : threads) t.join()}), and tasks whose futures go into a list ({@code
 * futures.add(pool.submit(task))} ... {@code for (Future f : futures) f.get()}): {@link JoinAllList}.
 */
final class JoinAll {
    /** After every instance of T, in P: M's instructions and other nodes of P. */
    record After(int parent, CGNode m, BitSet instrs, BitSet nodes, BitSet eitherNodes) {
    }

    private final WalaProgram p;
    private final ThreadDiscovery d;
    private final ExecCount ex;
    private final SpawnBefore before;
    final Map<Integer, After> after = new HashMap<>();

    private final JoinAllList lists;

    JoinAll(WalaProgram p, ThreadDiscovery d, ExecCount ex, SpawnBefore before) {
        this.lists = new JoinAllList(p, d, before);
        this.p = p;
        this.d = d;
        this.ex = ex;
        this.before = before;
    }

    void run() {
        for (WalaThread t : d.threads) {
            if (t.id() == 0 || t.kind() != SpawnKind.THREAD_START && t.kind() != SpawnKind.TASK) {
                continue;
            }
            int parent = d.onlyThreadReaching(t.spawnNode());
            if (parent < 0 || (parent > 0 && ex.multi[parent]) || ex.count(t.spawnNode()) != 1) {
                continue;
            }
            CGNode m = t.spawnNode();
            InstanceKey x = t.kind() == SpawnKind.TASK ? null : loadedFrom(m, t.spawn().getReceiver());
            BitSet instrs;
            if (t.kind() == SpawnKind.TASK) {
                x = lists.addedTo(m, t.spawn());
                if (x == null || !ex.onceAlloc(x) || !lists.onlyGrows(x, parent, t.id())) {
                    continue;
                }
                instrs = lists.afterJoinLoop(m, x, t.spawn().iIndex(), this::isFutureGet);
                if (instrs != null && !lists.addFailureSkips(m, t.spawn(), instrs)) {
                    continue;
                }
            } else if (x != null) {
                if (!ex.onceAlloc(x) || !fixedBeforeStarts(x, parent, t.id(), m)) {
                    continue;
                }
                instrs = afterJoinLoop(m, x, t.spawn().iIndex());
            } else {
                x = lists.takenFrom(m, t.spawn().getReceiver());
                if (x == null || !ex.onceAlloc(x) || !lists.fixedBeforeStarts(x, parent, t.id())) {
                    continue;
                }
                instrs = lists.afterJoinLoop(m, x, t.spawn().iIndex(), this::isJoin);
            }
            if (instrs != null && !instrs.isEmpty()) {
                BitSet either = (BitSet) instrs.clone();
                for (int i = 0; i < m.getIR().getInstructions().length; i++) {
                    if (!before.mayRunAfterSpawn(parent, t.id(), m, i)) {
                        either.set(i);
                    }
                }
                after.put(t.id(), new After(parent, m, instrs, onlyFrom(parent, m, instrs), onlyFrom(parent, m, either)));
            }
        }
    }

    /** Thread {@code thread}'s run of (n, iindex) comes after every instance of T. */
    boolean isAfter(int t, int thread, CGNode n, int iindex) {
        After a = after.get(t);
        if (a == null || a.parent() != thread) {
            return false;
        }
        return n.equals(a.m()) ? a.instrs().get(iindex) : a.nodes().get(p.cg.getNumber(n));
    }

    /**
     * Thread {@code thread}'s every run of node n (not M) is ordered with every instance of T:
     * it is called only from M's instructions before every start or after the join loop.
     */
    boolean isOrdered(int t, int thread, CGNode n) {
        After a = after.get(t);
        return a != null && a.parent() == thread && !n.equals(a.m()) && a.eitherNodes().get(p.cg.getNumber(n));
    }

    /** The one array object value v was loaded from (v = X[i]), or null. */
    private InstanceKey loadedFrom(CGNode n, int v) {
        if (!(n.getDU().getDef(v) instanceof SSAArrayLoadInstruction load)) {
            return null;
        }
        return single(n, load.getArrayRef());
    }

    private InstanceKey single(CGNode n, int v) {
        OrdinalSet<InstanceKey> pts = p.pts(n, v);
        return pts.size() == 1 ? pts.iterator().next() : null;
    }

    /**
     * Every store into x runs in P, and no method without code gets x; and either every store
     * runs before every start of T, or there is one store, in m, at an index that never repeats.
     */
    private boolean fixedBeforeStarts(InstanceKey x, int parent, int t, CGNode m) {
        int stores = 0;
        boolean allBefore = true;
        int last = -1;
        CGNode lastNode = null;
        for (CGNode n : p.cg) {
            IR ir = n.getIR();
            if (ir == null) {
                continue;
            }
            SSAInstruction[] instrs = ir.getInstructions();
            for (int i = 0; i < instrs.length; i++) {
                if (instrs[i] instanceof SSAArrayStoreInstruction st && p.pts(n, st.getArrayRef()).contains(x)) {
                    if (!onlyIn(parent, n)) {
                        return false;
                    }
                    stores++;
                    allBefore &= before.before(parent, n, i).get(t);
                    last = i;
                    lastNode = n;
                } else if (instrs[i] instanceof SSAAbstractInvokeInstruction call && passesToNative(n, call, x)) {
                    return false;
                }
            }
        }
        return allBefore || (stores == 1 && m.equals(lastNode) && CountingLoops.distinctIndex(m, last));
    }

    private boolean onlyIn(int thread, CGNode n) {
        int num = p.cg.getNumber(n);
        for (int q = 0; q < d.threads.size(); q++) {
            if (q != thread && d.reach.get(q).get(num)) {
                return false;
            }
        }
        return true;
    }

    private boolean passesToNative(CGNode n, SSAAbstractInvokeInstruction call, InstanceKey x) {
        boolean passes = false;
        for (int i = 0; i < call.getNumberOfUses() && !passes; i++) {
            passes = p.pts(n, call.getUse(i)).contains(x);
        }
        if (!passes) {
            return false;
        }
        for (CGNode c : p.cg.getPossibleTargets(n, call.getCallSite())) {
            if (c.getIR() == null) {
                return true;
            }
        }
        return p.cg.getPossibleTargets(n, call.getCallSite()).isEmpty();
    }

    /**
     * The instructions of m after a loop that joins x[0..x.length) and from which the spawn is
     * not reachable; null when m has no such loop.
     */
    private BitSet afterJoinLoop(CGNode m, InstanceKey x, int spawn) {
        IR ir = m.getIR();
        SSACFG cfg = ir.getControlFlowGraph();
        SSAInstruction[] instrs = ir.getInstructions();
        Dominators<ISSABasicBlock> dom = null;
        BitSet out = null;
        for (int j = 0; j < instrs.length; j++) {
            if (!(instrs[j] instanceof SSAAbstractInvokeInstruction c) || !isJoin(c)
                    || !(m.getDU().getDef(c.getReceiver()) instanceof SSAArrayLoadInstruction load)
                    || !x.equals(single(m, load.getArrayRef()))) {
                continue;
            }
            if (dom == null) {
                dom = Dominators.make(cfg, cfg.entry());
            }
            ISSABasicBlock exit = exitOfLoop(m, cfg, dom, CountingLoops.same(m, load.getIndex()), j, x);
            if (exit == null
                    || CountingLoops.reaches(cfg, cfg.getBlockForInstruction(j), cfg.getBlockForInstruction(spawn), null)) {
                continue;
            }
            if (out == null) {
                out = new BitSet();
            }
            for (int i = 0; i < instrs.length; i++) {
                if (instrs[i] != null && dom.isDominatedBy(cfg.getBlockForInstruction(i), exit)) {
                    out.set(i);
                }
            }
        }
        return out;
    }

    /**
     * For index value i = phi(0, i + 1) tested against x.length, where the join (instruction j)
     * completes normally before every increment: the block the loop exits to, else null.
     */
    private ISSABasicBlock exitOfLoop(CGNode m, SSACFG cfg, Dominators<ISSABasicBlock> dom, int i, int j,
                                      InstanceKey x) {
        SSABinaryOpInstruction inc = CountingLoops.increment(m, i);
        if (inc == null) {
            return null;
        }
        Collection<ISSABasicBlock> normal = cfg.getNormalSuccessors(cfg.getBlockForInstruction(j));
        ISSABasicBlock incBlock = cfg.getBlockForInstruction(inc.iIndex());
        if (normal.size() != 1 || !dom.isDominatedBy(incBlock, normal.iterator().next())) {
            return null;
        }
        SSAInstruction[] all = m.getIR().getInstructions();
        for (SSAInstruction ins : all) {
            if (ins instanceof SSAConditionalBranchInstruction br) {
                ISSABasicBlock exit = exitBranch(m, cfg, br, i, x);
                if (exit != null) {
                    return exit;
                }
            }
        }
        return null;
    }

    /** The successor the branch takes when i >= x.length, when that is its only way in. */
    private ISSABasicBlock exitBranch(CGNode m, SSACFG cfg, SSAConditionalBranchInstruction br, int i, InstanceKey x) {
        var op = (IConditionalBranchInstruction.Operator) br.getOperator();
        int len;
        boolean takenExits;
        if (CountingLoops.same(m, br.getUse(0)) == i && (op == IConditionalBranchInstruction.Operator.GE
                || op == IConditionalBranchInstruction.Operator.LT)) {
            len = br.getUse(1);
            takenExits = op == IConditionalBranchInstruction.Operator.GE;
        } else if (CountingLoops.same(m, br.getUse(1)) == i && (op == IConditionalBranchInstruction.Operator.LE
                || op == IConditionalBranchInstruction.Operator.GT)) {
            len = br.getUse(0);
            takenExits = op == IConditionalBranchInstruction.Operator.LE;
        } else {
            return null;
        }
        if (!isLengthOf(m, len, x)) {
            return null;
        }
        ISSABasicBlock b = cfg.getBlockForInstruction(br.iIndex());
        ISSABasicBlock exit = takenExits ? com.ibm.wala.cfg.Util.getTakenSuccessor(cfg, b)
                : com.ibm.wala.cfg.Util.getNotTakenSuccessor(cfg, b);
        return cfg.getPredNodeCount(exit) == 1 ? exit : null;
    }

    /**
     * Value len is x.length: read from x, or from another array of the same constant length
     * (new T[3] and new U[3]), or that constant itself (array lengths never change).
     */
    private boolean isLengthOf(CGNode m, int len, InstanceKey x) {
        SymbolTable st = m.getIR().getSymbolTable();
        Integer xl = CountingLoops.constLength(x);
        if (st.isIntegerConstant(len)) {
            return xl != null && xl == st.getIntValue(len);
        }
        if (!(m.getDU().getDef(len) instanceof SSAArrayLengthInstruction al)) {
            return false;
        }
        InstanceKey y = single(m, al.getArrayRef());
        return x.equals(y) || (y != null && xl != null && xl.equals(CountingLoops.constLength(y)));
    }

    /** Future.get() or CompletableFuture.join(): returns once the task has ended. */
    private boolean isFutureGet(SSAAbstractInvokeInstruction c) {
        String name = c.getDeclaredTarget().getName().toString();
        if (c.isStatic() || !(name.equals("get") || name.equals("join"))
                || !c.getDeclaredTarget().getDescriptor().toString().equals("()Ljava/lang/Object;")) {
            return false;
        }
        var k = p.cha.lookupClass(c.getDeclaredTarget().getDeclaringClass());
        var future = p.cha.lookupClass(com.ibm.wala.types.TypeReference.findOrCreate(
                com.ibm.wala.types.ClassLoaderReference.Primordial, "Ljava/util/concurrent/Future"));
        return k != null && future != null && p.cha.isAssignableFrom(future, k);
    }

    boolean isJoin(SSAAbstractInvokeInstruction c) {
        if (c.isStatic() || !c.getDeclaredTarget().getName().toString().equals("join")
                || !c.getDeclaredTarget().getDescriptor().toString().equals("()V")) {
            return false;
        }
        var k = p.cha.lookupClass(c.getDeclaredTarget().getDeclaringClass());
        var thread = p.cha.lookupClass(com.ibm.wala.types.TypeReference.JavaLangThread);
        return k != null && thread != null && p.cha.isSubclassOf(k, thread);
    }

    /** P's nodes it reaches only through the calls of the given instructions of m. */
    private BitSet onlyFrom(int parent, CGNode m, BitSet instrs) {
        BitSet reach = d.reach.get(parent);
        BitSet other = new BitSet();
        Deque<CGNode> todo = new ArrayDeque<>(d.threads.get(parent).entries());
        todo.forEach(e -> other.set(p.cg.getNumber(e)));
        IR ir = m.getIR();
        while (!todo.isEmpty()) {
            CGNode n = todo.poll();
            for (var it = n.iterateCallSites(); it.hasNext(); ) {
                CallSiteReference site = it.next();
                if (n.equals(m) && allIn(ir, site, instrs)) {
                    continue;
                }
                for (CGNode c : p.cg.getPossibleTargets(n, site)) {
                    if (SpawnKind.of(c) == SpawnKind.NONE && !other.get(p.cg.getNumber(c))) {
                        other.set(p.cg.getNumber(c));
                        todo.add(c);
                    }
                }
            }
        }
        BitSet out = (BitSet) reach.clone();
        out.andNot(other);
        return out;
    }

    private static boolean allIn(IR ir, CallSiteReference site, BitSet instrs) {
        var idx = ir.getCallInstructionIndices(site);
        if (idx == null) {
            return false;
        }
        for (var it = idx.intIterator(); it.hasNext(); ) {
            if (!instrs.get(it.next())) {
                return false;
            }
        }
        return true;
    }
}
