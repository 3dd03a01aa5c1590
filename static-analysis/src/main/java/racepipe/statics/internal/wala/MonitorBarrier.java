package racepipe.statics.internal.wala;

import com.ibm.wala.classLoader.IField;
import com.ibm.wala.ipa.callgraph.CGNode;
import com.ibm.wala.shrike.shrikeBT.IBinaryOpInstruction;
import com.ibm.wala.shrike.shrikeBT.IConditionalBranchInstruction;
import com.ibm.wala.ssa.IR;
import com.ibm.wala.ssa.ISSABasicBlock;
import com.ibm.wala.ssa.SSAAbstractInvokeInstruction;
import com.ibm.wala.ssa.SSABinaryOpInstruction;
import com.ibm.wala.ssa.SSACFG;
import com.ibm.wala.ssa.SSAConditionalBranchInstruction;
import com.ibm.wala.ssa.SSAGetInstruction;
import com.ibm.wala.ssa.SSAInstruction;
import com.ibm.wala.ssa.SSAPutInstruction;
import com.ibm.wala.ssa.SSAReturnInstruction;
import com.ibm.wala.ssa.SymbolTable;
import com.ibm.wala.util.graph.dominators.Dominators;
import java.util.ArrayList;
import java.util.List;

/**
 * A hand-written barrier on an object's monitor, recognised by its shape (the generation barrier
 * of Java Grande's kernels):
 * <pre>
 * synchronized void await() {
 *     long e = generation; count++;
 *     if (count == parties) { count = 0; generation = e + 1; notifyAll(); return; }
 *     while (generation == e) wait();
 * }</pre>
 * Checked: the method is synchronized on {@code this}; {@code count} and {@code generation} are
 * written nowhere else in the program (so count starts at 0); {@code parties} is a final int
 * field; its only writes are {@code count = count + 1} (dominated by the read of e, with no wait
 * before it), {@code count = 0} and {@code generation = e + 1} (both only on the branch where
 * count == parties); every normal return comes after {@code notifyAll()} on that branch or on
 * the way out of a loop that waits while {@code generation == e}; any other call lies on a path
 * that cannot return normally (an interrupted wait that throws).
 *
 * <p>Why that is a barrier of {@code parties} parties: the arrival (read e, count++) is one
 * critical section; the generation changes only at a trip, which happens when count reaches
 * parties; a party that did not trip leaves only once it sees the generation changed, i.e.
 * after a trip that followed its arrival, under the same monitor. With exactly {@code parties}
 * participating threads each is blocked from its arrival until the next trip, so a trip's
 * arrivals are one per party, and every arrival's critical section precedes the trip's, which
 * precedes every departure: what a party did before its k-th await happens before what any
 * party does after its k-th await.
 */
final class MonitorBarrier {
    private MonitorBarrier() {
    }

    /** The final int field holding the parties when node n is such a barrier method, else null. */
    static IField parties(WalaProgram p, CGNode n) {
        try {
            return check(p, n);
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static IField check(WalaProgram p, CGNode n) {
        var m = n.getMethod();
        IR ir = n.getIR();
        if (ir == null || m.isStatic() || !m.isSynchronized() || !WalaProgram.isApp(n)) {
            return null;
        }
        SymbolTable st = ir.getSymbolTable();
        SSAInstruction[] ins = ir.getInstructions();
        List<SSAPutInstruction> puts = new ArrayList<>();
        List<SSAAbstractInvokeInstruction> waits = new ArrayList<>();
        SSAAbstractInvokeInstruction notify = null;
        List<SSAAbstractInvokeInstruction> others = new ArrayList<>();
        for (SSAInstruction i : ins) {
            if (i instanceof SSAPutInstruction put) {
                puts.add(put);
            } else if (i instanceof SSAAbstractInvokeInstruction call) {
                String name = call.getDeclaredTarget().getName().toString();
                String desc = call.getDeclaredTarget().getDescriptor().toString();
                boolean onThis = !call.isStatic() && call.getReceiver() == 1;
                if (onThis && name.equals("wait") && desc.equals("()V")) {
                    waits.add(call);
                } else if (onThis && name.equals("notifyAll") && desc.equals("()V") && notify == null) {
                    notify = call;
                } else {
                    others.add(call);
                }
            }
        }
        if (puts.size() != 3 || waits.isEmpty() || notify == null) {
            return null;
        }
        // the three writes: count = 0, count = count + 1, generation = e + 1 (e read from generation)
        SSAPutInstruction reset = null;
        List<SSAPutInstruction> adds = new ArrayList<>();
        for (SSAPutInstruction put : puts) {
            if (put.isStatic() || put.getRef() != 1) {
                return null;
            }
            int v = put.getVal();
            if (st.isIntegerConstant(v) && st.getIntValue(v) == 0 && reset == null) {
                reset = put;
            } else if (n.getDU().getDef(v) instanceof SSABinaryOpInstruction add && plusOne(st, add)
                    && n.getDU().getDef(baseOf(st, n, put)) instanceof SSAGetInstruction g && !g.isStatic() && g.getRef() == 1
                    && g.getDeclaredField().equals(put.getDeclaredField())) {
                adds.add(put);
            } else {
                return null;
            }
        }
        if (reset == null || adds.size() != 2) {
            return null;
        }
        boolean firstIsCount = adds.get(0).getDeclaredField().equals(reset.getDeclaredField());
        SSAPutInstruction inc = adds.get(firstIsCount ? 0 : 1);
        SSAPutInstruction next = adds.get(firstIsCount ? 1 : 0);
        SSAGetInstruction readGen = (SSAGetInstruction) n.getDU().getDef(baseOf(st, n, next));
        if (!inc.getDeclaredField().equals(reset.getDeclaredField()) || next.getDeclaredField().equals(inc.getDeclaredField())) {
            return null;
        }
        IField count = p.field(inc.getDeclaredField());
        IField gen = p.field(next.getDeclaredField());
        if (count == null || gen == null || count.isFinal() || gen.isFinal() || !writtenOnlyIn(p, n, count, gen)) {
            return null;
        }
        SSACFG cfg = ir.getControlFlowGraph();
        Dominators<ISSABasicBlock> dom = Dominators.make(cfg, cfg.entry());
        // the test count == parties, and what only its equal side runs
        IField parties = null;
        ISSABasicBlock equal = null;
        ISSABasicBlock changed = null;
        ISSABasicBlock same = null;
        for (SSAInstruction i : ins) {
            if (!(i instanceof SSAConditionalBranchInstruction br)) {
                continue;
            }
            var op = (IConditionalBranchInstruction.Operator) br.getOperator();
            if (op != IConditionalBranchInstruction.Operator.EQ && op != IConditionalBranchInstruction.Operator.NE) {
                continue;
            }
            ISSABasicBlock b = cfg.getBlockForInstruction(br.iIndex());
            ISSABasicBlock taken = com.ibm.wala.cfg.Util.getTakenSuccessor(cfg, b);
            ISSABasicBlock notTaken = com.ibm.wala.cfg.Util.getNotTakenSuccessor(cfg, b);
            ISSABasicBlock eq = op == IConditionalBranchInstruction.Operator.EQ ? taken : notTaken;
            ISSABasicBlock ne = op == IConditionalBranchInstruction.Operator.EQ ? notTaken : taken;
            IField pf = partiesTest(p, n, br, count, inc, cfg, dom);
            if (pf != null && parties == null) {
                parties = pf;
                equal = cfg.getPredNodeCount(eq) == 1 ? eq : null;
            } else if (isGenTest(n, br, gen, readGen.getDef())) {
                if (changed != null) {
                    return null;
                }
                changed = cfg.getPredNodeCount(ne) == 1 ? ne : null;
                same = cfg.getPredNodeCount(eq) == 1 ? eq : null;
            }
        }
        if (parties == null || equal == null || changed == null || same == null) {
            return null;
        }
        ISSABasicBlock incB = cfg.getBlockForInstruction(inc.iIndex());
        ISSABasicBlock readB = cfg.getBlockForInstruction(readGen.iIndex());
        boolean readFirst = readB.equals(incB) ? readGen.iIndex() < inc.iIndex() : dom.isDominatedBy(incB, readB);
        if (!readFirst || !dom.isDominatedBy(cfg.getBlockForInstruction(reset.iIndex()), equal)
                || !dom.isDominatedBy(cfg.getBlockForInstruction(next.iIndex()), equal)
                || !dom.isDominatedBy(cfg.getBlockForInstruction(notify.iIndex()), equal)
                || !before(cfg, dom, reset, notify) || !before(cfg, dom, next, notify)) {
            return null;
        }
        for (SSAAbstractInvokeInstruction w : waits) {
            ISSABasicBlock wb = cfg.getBlockForInstruction(w.iIndex());
            if (!dom.isDominatedBy(wb, same) || !dom.isDominatedBy(wb, incB)) {
                return null;
            }
        }
        ISSABasicBlock notifyB = cfg.getBlockForInstruction(notify.iIndex());
        List<ISSABasicBlock> returns = new ArrayList<>();
        for (SSAInstruction i : ins) {
            if (i instanceof SSAReturnInstruction r) {
                ISSABasicBlock rb = cfg.getBlockForInstruction(r.iIndex());
                returns.add(rb);
                if (!dom.isDominatedBy(rb, notifyB) && !dom.isDominatedBy(rb, changed)) {
                    return null;
                }
                if (!dom.isDominatedBy(rb, incB)) {
                    return null;
                }
            }
        }
        for (SSAAbstractInvokeInstruction o : others) {
            ISSABasicBlock ob = cfg.getBlockForInstruction(o.iIndex());
            for (ISSABasicBlock rb : returns) {
                if (CountingLoops.reaches(cfg, ob, rb, null)) {
                    return null;
                }
            }
        }
        return parties;
    }

    private static int baseOf(SymbolTable st, CGNode n, SSAPutInstruction put) {
        SSABinaryOpInstruction add = (SSABinaryOpInstruction) n.getDU().getDef(put.getVal());
        return st.isIntegerConstant(add.getUse(0)) || st.isLongConstant(add.getUse(0)) ? add.getUse(1) : add.getUse(0);
    }

    private static boolean plusOne(SymbolTable st, SSABinaryOpInstruction add) {
        if (add.getOperator() != IBinaryOpInstruction.Operator.ADD) {
            return false;
        }
        for (int k = 0; k < 2; k++) {
            int u = add.getUse(k);
            if (st.isIntegerConstant(u) && st.getIntValue(u) == 1 || st.isLongConstant(u) && st.getLongValue(u) == 1L) {
                return true;
            }
        }
        return false;
    }

    /** a runs before b on every way to b: a's block dominates b's (earlier in the same block). */
    private static boolean before(SSACFG cfg, Dominators<ISSABasicBlock> dom, SSAInstruction a, SSAInstruction b) {
        ISSABasicBlock ab = cfg.getBlockForInstruction(a.iIndex());
        ISSABasicBlock bb = cfg.getBlockForInstruction(b.iIndex());
        return ab.equals(bb) ? a.iIndex() < b.iIndex() : dom.isDominatedBy(bb, ab);
    }

    /** br compares this.count (read after the increment, or the incremented value) with a final int field of this. */
    private static IField partiesTest(WalaProgram p, CGNode n, SSAConditionalBranchInstruction br, IField count,
                                      SSAPutInstruction inc, SSACFG cfg, Dominators<ISSABasicBlock> dom) {
        for (int k = 0; k < 2; k++) {
            int a = br.getUse(k);
            int b = br.getUse(1 - k);
            boolean isCount = a == inc.getVal() || n.getDU().getDef(a) instanceof SSAGetInstruction g && !g.isStatic()
                    && g.getRef() == 1 && count.equals(p.field(g.getDeclaredField())) && before(cfg, dom, inc, g);
            if (isCount && n.getDU().getDef(b) instanceof SSAGetInstruction pg && !pg.isStatic() && pg.getRef() == 1) {
                IField pf = p.field(pg.getDeclaredField());
                if (pf != null && pf.isFinal() && pf.getFieldTypeReference().equals(com.ibm.wala.types.TypeReference.Int)) {
                    return pf;
                }
            }
        }
        return null;
    }

    /** br compares this.generation, read afresh, with e. */
    private static boolean isGenTest(CGNode n, SSAConditionalBranchInstruction br, IField gen, int e) {
        for (int k = 0; k < 2; k++) {
            int a = br.getUse(k);
            if (br.getUse(1 - k) == e && n.getDU().getDef(a) instanceof SSAGetInstruction g && !g.isStatic()
                    && g.getRef() == 1 && g.getDeclaredField().getName().equals(gen.getName())) {
                return true;
            }
        }
        // a long comparison: cmp(gen, e) then a branch against 0
        if (br.getNumberOfUses() == 2) {
            for (int k = 0; k < 2; k++) {
                SymbolTable st = n.getIR().getSymbolTable();
                boolean zero = st.isIntegerConstant(br.getUse(1 - k)) && st.getIntValue(br.getUse(1 - k)) == 0;
                if (zero && n.getDU().getDef(br.getUse(k)) instanceof com.ibm.wala.ssa.SSAComparisonInstruction cmp) {
                    for (int j = 0; j < 2; j++) {
                        if (cmp.getUse(1 - j) == e && n.getDU().getDef(cmp.getUse(j)) instanceof SSAGetInstruction g
                                && !g.isStatic() && g.getRef() == 1 && g.getDeclaredField().getName().equals(gen.getName())) {
                            return true;
                        }
                    }
                }
            }
        }
        return false;
    }

    /** Every write of the two fields anywhere in the call graph is in node n. */
    private static boolean writtenOnlyIn(WalaProgram p, CGNode n, IField a, IField b) {
        for (CGNode x : p.cg) {
            if (x.equals(n) || x.getIR() == null) {
                continue;
            }
            for (SSAInstruction i : x.getIR().getInstructions()) {
                if (i instanceof SSAPutInstruction put) {
                    IField f = p.field(put.getDeclaredField());
                    if (a.equals(f) || b.equals(f)) {
                        return false;
                    }
                }
            }
        }
        return true;
    }
}
