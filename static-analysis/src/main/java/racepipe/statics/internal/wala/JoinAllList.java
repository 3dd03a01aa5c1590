package racepipe.statics.internal.wala;

import com.ibm.wala.ipa.callgraph.CGNode;
import com.ibm.wala.ipa.callgraph.propagation.InstanceKey;
import com.ibm.wala.shrike.shrikeBT.IConditionalBranchInstruction;
import com.ibm.wala.ssa.IR;
import com.ibm.wala.ssa.ISSABasicBlock;
import com.ibm.wala.ssa.SSAAbstractInvokeInstruction;
import com.ibm.wala.ssa.SSAArrayStoreInstruction;
import com.ibm.wala.ssa.SSACFG;
import com.ibm.wala.ssa.SSACheckCastInstruction;
import com.ibm.wala.ssa.SSAConditionalBranchInstruction;
import com.ibm.wala.ssa.SSAInstruction;
import com.ibm.wala.ssa.SSAPutInstruction;
import com.ibm.wala.util.graph.dominators.Dominators;
import com.ibm.wala.util.intset.OrdinalSet;
import java.util.BitSet;
import java.util.Iterator;
import java.util.function.Predicate;

/**
 * {@link JoinAll} for threads held in a {@code java.util.ArrayList} X: each start's receiver comes
 * from X (its iterator's {@code next()}, or {@code get(i)}), and a loop in the same method runs
 * {@code for (Thread t : X) t.join()}. What P runs once that loop has ended comes after every
 * instance of T. The same for a task T whose every future goes into X right after its spawn
 * ({@code futures.add(pool.submit(task))}) and a loop {@code for (Future f : X) f.get()}: X may
 * then also grow at any time in P (appends only), so it still holds every future at the loop.
 *
 * <p>Why it is sound: X is one runtime list (allocated once) that changes only in P before every
 * start of T ({@link #fixedBeforeStarts}): so from the first start on X does not change and holds
 * every started thread. The join loop walks X with
 * one iterator used only by one {@code hasNext()} and one {@code next()}, joins what {@code next()}
 * returned, and the join's normal completion is on every way back to {@code hasNext()}; its exit
 * is the branch where {@code hasNext()} is false, its only way in, and no start is reachable from
 * the join. An unchanged ArrayList's iterator returns each element once and says false only after
 * the last: at the exit every started instance was joined.
 */
final class JoinAllList {
    private final WalaProgram p;
    private final ThreadDiscovery d;
    private final SpawnBefore before;

    JoinAllList(WalaProgram p, ThreadDiscovery d, SpawnBefore before) {
        this.p = p;
        this.d = d;
        this.before = before;
    }

    /**
     * The one ArrayList into which the task spawn's future goes, right after the spawn: its
     * result's one use is {@code list.add(future)} in the block the spawn completes into. Else
     * null. (Where that add may fail: {@link #addFailureSkips}.)
     */
    InstanceKey addedTo(CGNode m, SSAAbstractInvokeInstruction spawn) {
        if (!spawn.hasDef() || m.getDU().getNumberOfUses(spawn.getDef()) != 1
                || !(m.getDU().getUses(spawn.getDef()).next() instanceof SSAAbstractInvokeInstruction add)
                || !append(add) || add.getUse(1) != spawn.getDef() || add.getReceiver() == spawn.getDef()) {
            return null;
        }
        SSACFG cfg = m.getIR().getControlFlowGraph();
        var normal = cfg.getNormalSuccessors(cfg.getBlockForInstruction(spawn.iIndex()));
        ISSABasicBlock addBlock = cfg.getBlockForInstruction(add.iIndex());
        if (normal.size() != 1 || !normal.contains(addBlock)) {
            return null;
        }
        return arrayList(m, add.getReceiver());
    }

    /**
     * No instruction of {@code after} is reachable from where the spawn's add throws (a finally
     * that rethrows): a future that did not go into the list never lets the method reach them.
     */
    boolean addFailureSkips(CGNode m, SSAAbstractInvokeInstruction spawn, BitSet after) {
        SSAAbstractInvokeInstruction add = (SSAAbstractInvokeInstruction) m.getDU().getUses(spawn.getDef()).next();
        SSACFG cfg = m.getIR().getControlFlowGraph();
        for (ISSABasicBlock b : cfg.getExceptionalSuccessors(cfg.getBlockForInstruction(add.iIndex()))) {
            for (int i = after.nextSetBit(0); i >= 0; i = after.nextSetBit(i + 1)) {
                if (CountingLoops.reaches(cfg, b, cfg.getBlockForInstruction(i), null)) {
                    return false;
                }
            }
        }
        return true;
    }

    private static boolean append(SSAAbstractInvokeInstruction c) {
        return !c.isStatic() && c.getDeclaredTarget().getName().toString().equals("add")
                && c.getDeclaredTarget().getDescriptor().toString().equals("(Ljava/lang/Object;)Z");
    }

    /**
     * As {@link #fixedBeforeStarts}, but P may also append to x at any time ({@code x.add(e)}):
     * an append removes nothing, so every future added stays in x.
     */
    boolean onlyGrows(InstanceKey x, int parent, int t) {
        return unchanged(x, parent, t, true);
    }

    /** The one ArrayList whose iterator's next() or get(i) gave value v of n, else null. */
    InstanceKey takenFrom(CGNode n, int v) {
        if (!(n.getDU().getDef(uncast(n, v)) instanceof SSAAbstractInvokeInstruction call) || call.isStatic()) {
            return null;
        }
        String name = call.getDeclaredTarget().getName().toString();
        int list;
        if (name.equals("next") && call.getNumberOfUses() == 1
                && n.getDU().getDef(call.getReceiver()) instanceof SSAAbstractInvokeInstruction mk
                && !mk.isStatic() && mk.getDeclaredTarget().getName().toString().equals("iterator")) {
            list = mk.getReceiver();
        } else if (name.equals("get") && call.getDeclaredTarget().getDescriptor().toString().equals("(I)Ljava/lang/Object;")) {
            list = call.getReceiver();
        } else {
            return null;
        }
        return arrayList(n, list);
    }

    private InstanceKey arrayList(CGNode n, int v) {
        OrdinalSet<InstanceKey> pts = p.pts(n, v);
        if (pts.size() != 1) {
            return null;
        }
        InstanceKey x = pts.iterator().next();
        return x.getConcreteType() != null
                && WalaProgram.internalName(x.getConcreteType().getReference()).equals("java/util/ArrayList") ? x : null;
    }

    private static int uncast(CGNode n, int v) {
        while (n.getDU().getDef(v) instanceof SSACheckCastInstruction c) {
            v = c.getUse(0);
        }
        return v;
    }

    /** ArrayList methods that change nothing: called on x at any time. */
    private static final java.util.Set<String> READS = java.util.Set.of("get", "size", "isEmpty", "contains", "indexOf");

    /**
     * X changes only in P before every start of T: no value X is stored anywhere but in an
     * iterator of its own (ArrayList$Itr's outer reference); every call from application code
     * into the JDK that gets X is a read ({@link #READS}, or {@code iterator()} whose result is
     * only asked {@code hasNext()} and {@code next()}), or runs in P before every start; no
     * lambda captures it. So only those calls before the starts reach X's insides to change them.
     */
    boolean fixedBeforeStarts(InstanceKey x, int parent, int t) {
        return unchanged(x, parent, t, false);
    }

    private boolean unchanged(InstanceKey x, int parent, int t, boolean appends) {
        for (CGNode n : p.cg) {
            IR ir = n.getIR();
            if (ir == null) {
                continue;
            }
            SSAInstruction[] instrs = ir.getInstructions();
            for (int i = 0; i < instrs.length; i++) {
                SSAInstruction ins = instrs[i];
                if (ins instanceof SSAPutInstruction put && p.pts(n, put.getVal()).contains(x)
                        || ins instanceof SSAArrayStoreInstruction st && p.pts(n, st.getValue()).contains(x)) {
                    if (!WalaProgram.internalName(n.getMethod().getDeclaringClass().getReference()).equals("java/util/ArrayList$Itr")) {
                        return false;
                    }
                } else if (ins instanceof SSAAbstractInvokeInstruction call && WalaProgram.isApp(n) && passes(n, call, x)) {
                    if (call instanceof com.ibm.wala.ssa.SSAInvokeDynamicInstruction) {
                        return false;
                    }
                    if (allApp(n, call) || read(n, call, x)) {
                        continue;
                    }
                    if (appends && append(call) && onlyIn(parent, n) && !p.pts(n, call.getUse(1)).contains(x)) {
                        continue;
                    }
                    if (!(onlyIn(parent, n) && before.before(parent, n, i).get(t))) {
                        return false;
                    }
                }
            }
        }
        return true;
    }

    private boolean passes(CGNode n, SSAAbstractInvokeInstruction call, InstanceKey x) {
        for (int u = 0; u < call.getNumberOfUses(); u++) {
            if (p.pts(n, call.getUse(u)).contains(x)) {
                return true;
            }
        }
        return false;
    }

    private boolean allApp(CGNode n, SSAAbstractInvokeInstruction call) {
        var targets = p.cg.getPossibleTargets(n, call.getCallSite());
        return !targets.isEmpty() && targets.stream().allMatch(WalaProgram::isApp);
    }

    /** A call on x that changes nothing, x in no other argument. */
    private boolean read(CGNode n, SSAAbstractInvokeInstruction call, InstanceKey x) {
        if (call.isStatic()) {
            return false;
        }
        for (int u = 1; u < call.getNumberOfUses(); u++) {
            if (p.pts(n, call.getUse(u)).contains(x)) {
                return false;
            }
        }
        String name = call.getDeclaredTarget().getName().toString();
        if (READS.contains(name)) {
            return true;
        }
        if (!name.equals("iterator") || call.getNumberOfUses() != 1) {
            return false;
        }
        for (Iterator<SSAInstruction> us = n.getDU().getUses(call.getDef()); us.hasNext(); ) {
            if (!(us.next() instanceof SSAAbstractInvokeInstruction c) || c.isStatic() || c.getReceiver() != call.getDef()
                    || c.getNumberOfUses() != 1 || !java.util.Set.of("hasNext", "next").contains(c.getDeclaredTarget().getName().toString())) {
                return false;
            }
        }
        return true;
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

    /** The instructions of m after a loop that joins every element of x, from which the spawn is not reachable; else null. */
    BitSet afterJoinLoop(CGNode m, InstanceKey x, int spawn, Predicate<SSAAbstractInvokeInstruction> isJoin) {
        IR ir = m.getIR();
        SSACFG cfg = ir.getControlFlowGraph();
        SSAInstruction[] instrs = ir.getInstructions();
        Dominators<ISSABasicBlock> dom = null;
        BitSet out = null;
        for (int j = 0; j < instrs.length; j++) {
            if (!(instrs[j] instanceof SSAAbstractInvokeInstruction join) || !isJoin.test(join)
                    || !(m.getDU().getDef(uncast(m, join.getReceiver())) instanceof SSAAbstractInvokeInstruction next)
                    || next.isStatic() || !next.getDeclaredTarget().getName().toString().equals("next")
                    || !(m.getDU().getDef(next.getReceiver()) instanceof SSAAbstractInvokeInstruction mk)
                    || mk.isStatic() || !mk.getDeclaredTarget().getName().toString().equals("iterator")
                    || !x.equals(arrayList(m, mk.getReceiver()))) {
                continue;
            }
            if (dom == null) {
                dom = Dominators.make(cfg, cfg.entry());
            }
            ISSABasicBlock exit = exit(m, cfg, dom, next.getReceiver(), next, j);
            if (exit == null || CountingLoops.reaches(cfg, cfg.getBlockForInstruction(j), cfg.getBlockForInstruction(spawn), null)) {
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
     * Iterator it has one hasNext() and one next() use and no other; the branch on hasNext()
     * leaves when it is false into a block with no other way in, and the join (instruction j)
     * completes normally on every way back from next() to hasNext(): that exit block, else null.
     */
    private ISSABasicBlock exit(CGNode m, SSACFG cfg, Dominators<ISSABasicBlock> dom, int it,
                                SSAAbstractInvokeInstruction next, int j) {
        SSAAbstractInvokeInstruction has = null;
        for (Iterator<SSAInstruction> us = m.getDU().getUses(it); us.hasNext(); ) {
            SSAInstruction u = us.next();
            if (!(u instanceof SSAAbstractInvokeInstruction c) || c.getReceiver() != it || c.getNumberOfUses() != 1) {
                return null;
            }
            String name = c.getDeclaredTarget().getName().toString();
            if (name.equals("hasNext") && has == null) {
                has = c;
            } else if (c != next) {
                return null;
            }
        }
        if (has == null || m.getDU().getNumberOfUses(has.getDef()) != 1
                || !(m.getDU().getUses(has.getDef()).next() instanceof SSAConditionalBranchInstruction br)) {
            return null;
        }
        var st = m.getIR().getSymbolTable();
        var op = (IConditionalBranchInstruction.Operator) br.getOperator();
        int other = br.getUse(0) == has.getDef() ? br.getUse(1) : br.getUse(0);
        if (!st.isIntegerConstant(other) || st.getIntValue(other) != 0
                || op != IConditionalBranchInstruction.Operator.EQ && op != IConditionalBranchInstruction.Operator.NE) {
            return null;
        }
        ISSABasicBlock b = cfg.getBlockForInstruction(br.iIndex());
        ISSABasicBlock exit = op == IConditionalBranchInstruction.Operator.EQ ? com.ibm.wala.cfg.Util.getTakenSuccessor(cfg, b)
                : com.ibm.wala.cfg.Util.getNotTakenSuccessor(cfg, b);
        if (cfg.getPredNodeCount(exit) != 1) {
            return null;
        }
        var normal = cfg.getNormalSuccessors(cfg.getBlockForInstruction(j));
        if (normal.size() != 1) {
            return null;
        }
        ISSABasicBlock joined = normal.iterator().next();
        ISSABasicBlock head = cfg.getBlockForInstruction(has.iIndex());
        ISSABasicBlock nextBlock = cfg.getBlockForInstruction(next.iIndex());
        for (Iterator<ISSABasicBlock> ps = cfg.getPredNodes(head); ps.hasNext(); ) {
            ISSABasicBlock pred = ps.next();
            boolean back = pred.equals(nextBlock) || CountingLoops.reaches(cfg, nextBlock, pred, null);
            if (back && !dom.isDominatedBy(pred, joined)) {
                return null;
            }
        }
        return exit;
    }
}
