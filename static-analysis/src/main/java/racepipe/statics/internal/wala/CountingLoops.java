package racepipe.statics.internal.wala;

import com.ibm.wala.ipa.callgraph.CGNode;
import com.ibm.wala.ipa.callgraph.propagation.AllocationSiteInNode;
import com.ibm.wala.ipa.callgraph.propagation.InstanceKey;
import com.ibm.wala.shrike.shrikeBT.IBinaryOpInstruction;
import com.ibm.wala.ssa.ISSABasicBlock;
import com.ibm.wala.ssa.SSAArrayStoreInstruction;
import com.ibm.wala.ssa.SSABinaryOpInstruction;
import com.ibm.wala.ssa.SSACFG;
import com.ibm.wala.ssa.SSAPhiInstruction;
import com.ibm.wala.ssa.SymbolTable;
import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.Deque;

/**
 * Counting loops in WALA's SSA: a counter i = phi(0, i + 1), the values a trivial phi stands for,
 * stores that write a new index each time, constant array lengths, reachability in a CFG.
 */
final class CountingLoops {
    private CountingLoops() {
    }

    /**
     * The store at instruction s of m writes a different index each time it runs: its index is
     * i = phi(0, i + 1) of a loop entered once per run of m (its header's way in lies on no
     * cycle) and s lies on no cycle of its own inside that loop.
     */
    static boolean distinctIndex(CGNode m, int s) {
        SSACFG cfg = m.getIR().getControlFlowGraph();
        int index = same(m, ((SSAArrayStoreInstruction) m.getIR().getInstructions()[s]).getIndex());
        if (!isCountFromZero(m, index)) {
            return false;
        }
        ISSABasicBlock header = m.getIR().getBasicBlockForInstruction(m.getDU().getDef(index));
        if (cfg.getPredNodeCount(header) != 2) {
            return false;
        }
        int onCycle = 0;
        for (var it = cfg.getPredNodes(header); it.hasNext(); ) {
            if (reaches(cfg, header, it.next(), null)) {
                onCycle++;
            }
        }
        ISSABasicBlock sb = cfg.getBlockForInstruction(s);
        boolean ownCycle = false;
        for (var it = cfg.getSuccNodes(sb); it.hasNext() && !ownCycle; ) {
            ownCycle = reaches(cfg, it.next(), sb, header);
        }
        return onCycle == 1 && !ownCycle;
    }

    /** i = phi(0, i + 1) (i as {@link #same} gives it). */
    static boolean isCountFromZero(CGNode m, int i) {
        return increment(m, i) != null;
    }

    /** For i = phi(0, i + 1): the instruction computing i + 1; else null. */
    static SSABinaryOpInstruction increment(CGNode m, int i) {
        SymbolTable st = m.getIR().getSymbolTable();
        if (!(m.getDU().getDef(i) instanceof SSAPhiInstruction phi) || phi.getNumberOfUses() != 2) {
            return null;
        }
        int zero = -1;
        int next = -1;
        for (int k = 0; k < 2; k++) {
            int u = phi.getUse(k);
            if (st.isIntegerConstant(u) && st.getIntValue(u) == 0) {
                zero = u;
            } else {
                next = u;
            }
        }
        return zero >= 0 && next >= 0 && m.getDU().getDef(next) instanceof SSABinaryOpInstruction inc
                && inc.getOperator() == IBinaryOpInstruction.Operator.ADD && isPlusOne(m, inc, i) ? inc : null;
    }

    /**
     * The value v stands for: a phi whose operands are itself or one other value u (a loop that
     * does not change the variable) is u. Without it, the index of an access inside an inner
     * loop would not be recognised as the outer loop's counter.
     */
    static int same(CGNode m, int v) {
        int r = resolve(m, v, new java.util.HashSet<>(), new int[] {0});
        return r < 0 ? v : r;
    }

    /** A phi whose operands, seen through such phis (cycles among them ignored), are one value u is u; -1: only cycles. */
    private static int resolve(CGNode m, int v, java.util.Set<Integer> visiting, int[] budget) {
        if (!(m.getDU().getDef(v) instanceof SSAPhiInstruction phi)) {
            return v;
        }
        if (!visiting.add(v)) {
            return -1;
        }
        if (++budget[0] > 200) {
            return v;
        }
        int only = -1;
        for (int k = 0; k < phi.getNumberOfUses(); k++) {
            int r = resolve(m, phi.getUse(k), visiting, budget);
            if (r < 0 || r == only) {
                continue;
            }
            if (only >= 0) {
                visiting.remove(v);
                return v;
            }
            only = r;
        }
        visiting.remove(v);
        return only;
    }

    /** inc computes i + 1 (or 1 + i). */
    static boolean isPlusOne(CGNode m, SSABinaryOpInstruction inc, int i) {
        SymbolTable st = m.getIR().getSymbolTable();
        int a = same(m, inc.getUse(0));
        int b = same(m, inc.getUse(1));
        return (a == i && st.isIntegerConstant(b) && st.getIntValue(b) == 1)
                || (b == i && st.isIntegerConstant(a) && st.getIntValue(a) == 1);
    }

    /** The constant length an array object is allocated with, or null. */
    static Integer constLength(InstanceKey a) {
        if (!(a instanceof AllocationSiteInNode s) || s.getNode().getIR() == null) {
            return null;
        }
        var nw = s.getNode().getIR().getNew(s.getSite());
        if (nw == null || !nw.getConcreteType().isArrayType() || nw.getNumberOfUses() < 1) {
            return null;
        }
        SymbolTable st = s.getNode().getIR().getSymbolTable();
        return st.isIntegerConstant(nw.getUse(0)) ? st.getIntValue(nw.getUse(0)) : null;
    }

    /** Whether {@code to} is reachable from {@code from} (inclusive) without passing through {@code barrier}. */
    static boolean reaches(SSACFG cfg, ISSABasicBlock from, ISSABasicBlock to, ISSABasicBlock barrier) {
        BitSet seen = new BitSet();
        Deque<ISSABasicBlock> todo = new ArrayDeque<>();
        todo.add(from);
        while (!todo.isEmpty()) {
            ISSABasicBlock b = todo.poll();
            if (b.equals(to)) {
                return true;
            }
            if (!seen.get(b.getNumber()) && !b.equals(barrier)) {
                seen.set(b.getNumber());
                cfg.getSuccNodes(b).forEachRemaining(todo::add);
            }
        }
        return false;
    }

    /**
     * How many times instruction s of m runs at most per run of m: 1 outside loops; inside, K for
     * a counter i = phi(0, i + 1) of a loop entered once per run of m, tested i < K before s (K a
     * constant, or the length of arrays allocated with one constant length), s on no cycle of its
     * own inside that loop (each iteration runs s at most once, with a new i below K); else -1.
     */
    static int runsAtMost(CGNode m, int s, boolean inLoop, java.util.function.Function<Integer, Integer> lengthOf) {
        if (!inLoop) {
            return 1;
        }
        var ir = m.getIR();
        SSACFG cfg = ir.getControlFlowGraph();
        ISSABasicBlock sb = cfg.getBlockForInstruction(s);
        var dom = com.ibm.wala.util.graph.dominators.Dominators.make(cfg, cfg.entry());
        for (var ins : ir.getInstructions()) {
            if (!(ins instanceof com.ibm.wala.ssa.SSAConditionalBranchInstruction br)) {
                continue;
            }
            var op = (com.ibm.wala.shrike.shrikeBT.IConditionalBranchInstruction.Operator) br.getOperator();
            int i;
            int k;
            boolean takenContinues;
            if (isCountFromZero(m, same(m, br.getUse(0)))
                    && (op == com.ibm.wala.shrike.shrikeBT.IConditionalBranchInstruction.Operator.LT
                    || op == com.ibm.wala.shrike.shrikeBT.IConditionalBranchInstruction.Operator.GE)) {
                i = same(m, br.getUse(0));
                k = br.getUse(1);
                takenContinues = op == com.ibm.wala.shrike.shrikeBT.IConditionalBranchInstruction.Operator.LT;
            } else if (isCountFromZero(m, same(m, br.getUse(1)))
                    && (op == com.ibm.wala.shrike.shrikeBT.IConditionalBranchInstruction.Operator.GT
                    || op == com.ibm.wala.shrike.shrikeBT.IConditionalBranchInstruction.Operator.LE)) {
                i = same(m, br.getUse(1));
                k = br.getUse(0);
                takenContinues = op == com.ibm.wala.shrike.shrikeBT.IConditionalBranchInstruction.Operator.GT;
            } else {
                continue;
            }
            Integer bound = ir.getSymbolTable().isIntegerConstant(k) ? Integer.valueOf(ir.getSymbolTable().getIntValue(k))
                    : lengthOf.apply(k);
            if (bound == null) {
                continue;
            }
            ISSABasicBlock b = cfg.getBlockForInstruction(br.iIndex());
            ISSABasicBlock cont = takenContinues ? com.ibm.wala.cfg.Util.getTakenSuccessor(cfg, b)
                    : com.ibm.wala.cfg.Util.getNotTakenSuccessor(cfg, b);
            ISSABasicBlock header = ir.getBasicBlockForInstruction(m.getDU().getDef(i));
            if (cfg.getPredNodeCount(cont) != 1 || !dom.isDominatedBy(sb, cont) || cfg.getPredNodeCount(header) != 2) {
                continue;
            }
            int onCycle = 0;
            for (var it = cfg.getPredNodes(header); it.hasNext(); ) {
                if (reaches(cfg, header, it.next(), null)) {
                    onCycle++;
                }
            }
            boolean ownCycle = false;
            for (var it = cfg.getSuccNodes(sb); it.hasNext() && !ownCycle; ) {
                ownCycle = reaches(cfg, it.next(), sb, header);
            }
            if (onCycle == 1 && !ownCycle) {
                return Math.max(0, bound);
            }
        }
        return -1;
    }

    /**
     * Instruction s of m runs at most once per value of the counter i = phi(0, i + 1): s lies in
     * i's loop (dominated by its header, from which it leads back to it), the loop is entered
     * once per run of m (its header's way in lies on no cycle), and s lies on no cycle of its own
     * inside the loop. Each run of s in one run of m then sees a different i.
     */
    static boolean oncePerValue(CGNode m, int s, int i) {
        if (!isCountFromZero(m, i)) {
            return false;
        }
        SSACFG cfg = m.getIR().getControlFlowGraph();
        ISSABasicBlock header = m.getIR().getBasicBlockForInstruction(m.getDU().getDef(i));
        ISSABasicBlock sb = cfg.getBlockForInstruction(s);
        if (cfg.getPredNodeCount(header) != 2) {
            return false;
        }
        var dom = com.ibm.wala.util.graph.dominators.Dominators.make(cfg, cfg.entry());
        if (!dom.isDominatedBy(sb, header) || !reaches(cfg, sb, header, null)) {
            return false;
        }
        int onCycle = 0;
        for (var it = cfg.getPredNodes(header); it.hasNext(); ) {
            if (reaches(cfg, header, it.next(), null)) {
                onCycle++;
            }
        }
        boolean ownCycle = false;
        for (var it = cfg.getSuccNodes(sb); it.hasNext() && !ownCycle; ) {
            ownCycle = reaches(cfg, it.next(), sb, header);
        }
        return onCycle == 1 && !ownCycle;
    }

    /** K when counter i = phi(0, i + 1) is tested i < K (K constant) by a branch whose continuing side dominates s; else null. */
    static Integer testedBelow(CGNode m, int s, int i) {
        var ir = m.getIR();
        SSACFG cfg = ir.getControlFlowGraph();
        var dom = com.ibm.wala.util.graph.dominators.Dominators.make(cfg, cfg.entry());
        ISSABasicBlock sb = cfg.getBlockForInstruction(s);
        for (var ins : ir.getInstructions()) {
            if (ins instanceof com.ibm.wala.ssa.SSAConditionalBranchInstruction br
                    && br.getOperator() == com.ibm.wala.shrike.shrikeBT.IConditionalBranchInstruction.Operator.LT
                    && same(m, br.getUse(0)) == i && ir.getSymbolTable().isIntegerConstant(br.getUse(1))) {
                ISSABasicBlock b = cfg.getBlockForInstruction(br.iIndex());
                ISSABasicBlock cont = com.ibm.wala.cfg.Util.getTakenSuccessor(cfg, b);
                if (cfg.getPredNodeCount(cont) == 1 && dom.isDominatedBy(sb, cont)) {
                    return ir.getSymbolTable().getIntValue(br.getUse(1));
                }
            }
            if (ins instanceof com.ibm.wala.ssa.SSAConditionalBranchInstruction br
                    && br.getOperator() == com.ibm.wala.shrike.shrikeBT.IConditionalBranchInstruction.Operator.GE
                    && same(m, br.getUse(0)) == i && ir.getSymbolTable().isIntegerConstant(br.getUse(1))) {
                ISSABasicBlock b = cfg.getBlockForInstruction(br.iIndex());
                ISSABasicBlock cont = com.ibm.wala.cfg.Util.getNotTakenSuccessor(cfg, b);
                if (cfg.getPredNodeCount(cont) == 1 && dom.isDominatedBy(sb, cont)) {
                    return ir.getSymbolTable().getIntValue(br.getUse(1));
                }
            }
        }
        return null;
    }
}
