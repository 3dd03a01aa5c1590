package racepipe.statics.internal.wala;

import com.ibm.wala.classLoader.IField;
import com.ibm.wala.ipa.callgraph.CGNode;
import com.ibm.wala.shrike.shrikeBT.IBinaryOpInstruction;
import com.ibm.wala.shrike.shrikeBT.IConditionalBranchInstruction;
import com.ibm.wala.ssa.IR;
import com.ibm.wala.ssa.ISSABasicBlock;
import com.ibm.wala.ssa.SSABinaryOpInstruction;
import com.ibm.wala.ssa.SSACFG;
import com.ibm.wala.ssa.SSAConditionalBranchInstruction;
import com.ibm.wala.ssa.SSAGetInstruction;
import com.ibm.wala.ssa.SSAInstruction;
import com.ibm.wala.ssa.SSAPhiInstruction;
import com.ibm.wala.ssa.SSAPutInstruction;
import com.ibm.wala.ssa.SymbolTable;
import com.ibm.wala.util.graph.dominators.Dominators;
import java.util.HashMap;
import java.util.Map;

/**
 * Per-instance array partitions: the index of an access, in a body node of a multi-instance
 * thread, as a set that is a function of the instance's id ({@link InstanceIds}) and cannot
 * meet another instance's. Two forms, each named by a key; two accesses of one key in two
 * instances touch different indices (whatever the arrays):
 * <ul>
 * <li>{@code id}: the index is the id itself ({@code partials[id]}): ids differ.</li>
 * <li>{@code block lo/hi *s}: the index is s*i + c, 0 &lt;= c &lt; s, for a counter
 * i = phi(L, i + 1) tested i &lt; H before the access, where L and H are the body's final fields
 * lo and hi that the constructor sets to E(id) and E(id + 1), E(x) = x*A/B (or x*A, or x) with
 * A and B uniform ({@code lo = id*n/t; hi = (id+1)*n/t}); or a counter from s*lo tested below
 * s*hi. Instance x's indices lie in [s*E(x), s*E(x+1)): E is monotone in x (a linear function
 * truncated), so for x &lt; y either E(x+1) &lt;= E(y) or the ranges are empty. This assumes the
 * index arithmetic does not overflow an int.</li>
 * </ul>
 */
final class IndexPartition {
    private final WalaProgram p;
    private final InstanceIds ids;
    private final Map<Integer, Map<String, String>> blocks = new HashMap<>();

    IndexPartition(WalaProgram p, InstanceIds ids) {
        this.p = p;
        this.ids = ids;
    }

    /** The partition key of index value v at instruction i of n in thread t, or null. */
    String key(int t, CGNode n, int i, int v) {
        if (ids.body(t) == null || !ids.bodyNodes(t).contains(n)) {
            return null;
        }
        if (ids.isId(t, n, v)) {
            return "id";
        }
        IR ir = n.getIR();
        SymbolTable st = ir.getSymbolTable();
        SSACFG cfg = ir.getControlFlowGraph();
        Dominators<ISSABasicBlock> dom = Dominators.make(cfg, cfg.entry());
        ISSABasicBlock at = cfg.getBlockForInstruction(i);
        // v = s*i + c: split off c
        int scaled = v;
        int s = 1;
        int c = -1;
        if (n.getDU().getDef(v) instanceof SSABinaryOpInstruction add && add.getOperator() == IBinaryOpInstruction.Operator.ADD) {
            for (int k = 0; k < 2; k++) {
                int x = add.getUse(k);
                int y = add.getUse(1 - k);
                if (n.getDU().getDef(x) instanceof SSABinaryOpInstruction mul && mul.getOperator() == IBinaryOpInstruction.Operator.MUL) {
                    scaled = x;
                    c = y;
                }
            }
        }
        int counter = scaled;
        if (n.getDU().getDef(scaled) instanceof SSABinaryOpInstruction mul && mul.getOperator() == IBinaryOpInstruction.Operator.MUL) {
            for (int k = 0; k < 2; k++) {
                if (st.isIntegerConstant(mul.getUse(k)) && st.getIntValue(mul.getUse(k)) > 0) {
                    s = st.getIntValue(mul.getUse(k));
                    counter = mul.getUse(1 - k);
                }
            }
            if (counter == scaled) {
                return null;
            }
        }
        if (c >= 0 && !below(n, dom, at, c, s)) {
            return null;
        }
        // counter = phi(L, counter + 1), tested counter < H before the access
        int[] lh = bounds(n, dom, at, CountingLoops.same(n, counter));
        if (lh == null) {
            return null;
        }
        int[] sl = scaledField(t, n, lh[0]);
        int[] sh = scaledField(t, n, lh[1]);
        if (sl == null || sh == null || sl[0] != sh[0]) {
            return null;
        }
        String lo = fieldName(n, lh[0], sl);
        String hi = fieldName(n, lh[1], sh);
        String pair = blockPairs(t).get(lo);
        if (pair == null || !pair.equals(hi)) {
            return null;
        }
        return "block " + lo + "/" + hi + " *" + (s * sl[0]);
    }

    /** Value c is a constant in [0, s), or a counter from 0 tested below a constant <= s before the access. */
    private boolean below(CGNode n, Dominators<ISSABasicBlock> dom, ISSABasicBlock at, int c, int s) {
        SymbolTable st = n.getIR().getSymbolTable();
        if (st.isIntegerConstant(c)) {
            int x = st.getIntValue(c);
            return x >= 0 && x < s;
        }
        int cc = CountingLoops.same(n, c);
        if (!CountingLoops.isCountFromZero(n, cc)) {
            return false;
        }
        int[] b = bounds(n, dom, at, cc);
        return b != null && st.isIntegerConstant(b[1]) && st.getIntValue(b[1]) <= s;
    }

    /** For a counter i = phi(L, i + 1) with a test i < H whose continuing side dominates the access: {L, H}. */
    private static int[] bounds(CGNode n, Dominators<ISSABasicBlock> dom, ISSABasicBlock at, int i) {
        if (!(n.getDU().getDef(i) instanceof SSAPhiInstruction phi) || phi.getNumberOfUses() != 2) {
            return null;
        }
        int start = -1;
        for (int k = 0; k < 2; k++) {
            int u = phi.getUse(k);
            if (n.getDU().getDef(u) instanceof SSABinaryOpInstruction inc && inc.getOperator() == IBinaryOpInstruction.Operator.ADD
                    && CountingLoops.isPlusOne(n, inc, i)) {
                start = phi.getUse(1 - k);
            }
        }
        if (start < 0 || start == i) {
            return null;
        }
        SSACFG cfg = n.getIR().getControlFlowGraph();
        for (SSAInstruction ins : n.getIR().getInstructions()) {
            if (!(ins instanceof SSAConditionalBranchInstruction br)) {
                continue;
            }
            var op = (IConditionalBranchInstruction.Operator) br.getOperator();
            int h;
            boolean takenContinues;
            if (CountingLoops.same(n, br.getUse(0)) == i && (op == IConditionalBranchInstruction.Operator.LT
                    || op == IConditionalBranchInstruction.Operator.GE)) {
                h = br.getUse(1);
                takenContinues = op == IConditionalBranchInstruction.Operator.LT;
            } else if (CountingLoops.same(n, br.getUse(1)) == i && (op == IConditionalBranchInstruction.Operator.GT
                    || op == IConditionalBranchInstruction.Operator.LE)) {
                h = br.getUse(0);
                takenContinues = op == IConditionalBranchInstruction.Operator.GT;
            } else {
                continue;
            }
            ISSABasicBlock b = cfg.getBlockForInstruction(br.iIndex());
            ISSABasicBlock cont = takenContinues ? com.ibm.wala.cfg.Util.getTakenSuccessor(cfg, b)
                    : com.ibm.wala.cfg.Util.getNotTakenSuccessor(cfg, b);
            if (cfg.getPredNodeCount(cont) == 1 && dom.isDominatedBy(at, cont)) {
                return new int[] {start, h};
            }
        }
        return null;
    }

    /** Value v is this.f or s*this.f (s a positive constant) for a final int field f of the body: {s, field number}. */
    private int[] scaledField(int t, CGNode n, int v) {
        SymbolTable st = n.getIR().getSymbolTable();
        int s = 1;
        int f = v;
        if (n.getDU().getDef(v) instanceof SSABinaryOpInstruction mul && mul.getOperator() == IBinaryOpInstruction.Operator.MUL) {
            for (int k = 0; k < 2; k++) {
                if (st.isIntegerConstant(mul.getUse(k)) && st.getIntValue(mul.getUse(k)) > 0) {
                    s = st.getIntValue(mul.getUse(k));
                    f = mul.getUse(1 - k);
                }
            }
            if (f == v) {
                return null;
            }
        }
        if (n.getDU().getDef(f) instanceof SSAGetInstruction g && !g.isStatic() && g.getRef() == 1) {
            IField fld = p.field(g.getDeclaredField());
            if (fld != null && fld.isFinal()) {
                return new int[] {s, f};
            }
        }
        return null;
    }

    private String fieldName(CGNode n, int v, int[] sf) {
        return LockPaths.fieldName(p.field(((SSAGetInstruction) n.getDU().getDef(sf[1])).getDeclaredField()));
    }

    /** The body's block pairs lo -> hi: final fields its constructor sets to E(id) and E(id + 1). */
    private Map<String, String> blockPairs(int t) {
        return blocks.computeIfAbsent(t, x -> {
            Map<String, String> out = new HashMap<>();
            InstanceIds.Body b = ids.body(t);
            CGNode ctor = b.ctor();
            Map<String, Integer> stores = new HashMap<>();
            for (SSAInstruction ins : ctor.getIR().getInstructions()) {
                if (ins instanceof SSAPutInstruction put && !put.isStatic() && put.getRef() == 1) {
                    IField f = p.field(put.getDeclaredField());
                    if (f != null && f.isFinal()) {
                        stores.put(LockPaths.fieldName(f), put.getVal());
                    }
                }
            }
            for (var lo : stores.entrySet()) {
                if (!monotone(t, ctor, lo.getValue(), b.idParam())) {
                    continue;
                }
                String plusOne = InstanceIds.canon(ctor, lo.getValue(), b.idParam(), true, 0);
                for (var hi : stores.entrySet()) {
                    if (!hi.getKey().equals(lo.getKey())
                            && InstanceIds.canon(ctor, hi.getValue(), b.idParam(), false, 0).equals(plusOne)) {
                        out.put(lo.getKey(), hi.getKey());
                    }
                }
            }
            return out;
        });
    }

    /** E(id) is id, id*A or id*A/B with A, B uniform (of the constructor's values). */
    private boolean monotone(int t, CGNode ctor, int v, int id) {
        if (v == id) {
            return true;
        }
        var def = ctor.getDU().getDef(v);
        if (!(def instanceof SSABinaryOpInstruction bin)) {
            return false;
        }
        if (bin.getOperator() == IBinaryOpInstruction.Operator.DIV) {
            return monotone(t, ctor, bin.getUse(0), id) && ctorUniform(t, ctor, bin.getUse(1));
        }
        if (bin.getOperator() == IBinaryOpInstruction.Operator.MUL) {
            return bin.getUse(0) == id && ctorUniform(t, ctor, bin.getUse(1))
                    || bin.getUse(1) == id && ctorUniform(t, ctor, bin.getUse(0));
        }
        return false;
    }

    private boolean ctorUniform(int t, CGNode ctor, int v) {
        return ids.uniformInConstructor(t, v);
    }
}
