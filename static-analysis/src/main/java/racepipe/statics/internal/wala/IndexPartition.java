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
    private final LockPaths paths;
    private final Map<com.ibm.wala.ipa.callgraph.propagation.InstanceKey, Boolean> injective = new HashMap<>();

    private final BarrierPhases phases;
    private final ThreadDiscovery d;

    IndexPartition(WalaProgram p, InstanceIds ids, LockPaths paths, BarrierPhases phases, ThreadDiscovery d) {
        this.phases = phases;
        this.d = d;
        this.p = p;
        this.ids = ids;
        this.paths = paths;
    }

    /**
     * The partition key of the object at base value b of n in thread t: b = X[j] with X one
     * array in every instance (a uniform final path from the body), whose elements are pairwise
     * distinct objects (allocated as a multi-dimensional array, never stored into, never handed
     * to library code), and j partitioned by {@link #key}: two instances' bases are different
     * elements, so different objects. Null when not so.
     */
    String baseKey(int t, CGNode n, int b) {
        if (b < 0 || ids.body(t) == null || !ids.bodyNodes(t).contains(n)
                || !(n.getDU().getDef(b) instanceof com.ibm.wala.ssa.SSAArrayLoadInstruction load)) {
            return null;
        }
        int x = load.getArrayRef();
        String path = paths.path(n, x);
        if (!path.startsWith("V1.") || !ids.uniform(t, n, x)) {
            return null;
        }
        var pts = p.pts(n, x);
        if (pts.isEmpty()) {
            return null;
        }
        for (var ik : pts) {
            if (!injective.computeIfAbsent(ik, this::injective)) {
                return null;
            }
        }
        String k = key(t, n, load.iIndex(), load.getIndex());
        return k == null ? null : "elem[" + k + "] of " + path;
    }

    /**
     * Within one barrier episode: the base of an access in a method the thread's entry calls,
     * with phase r, from an exact loop ({@link BarrierPhases#exactLoopCounter}) passing its
     * counter as parameter u: {@code eq|K} for X[u], {@code gt|K} for X[j] with j a counter from
     * u + 1 + floorMod(.., C) up by a positive constant (so j > u), K naming n, u, X and r, X as
     * in {@link #baseKey}. Two instances in one episode at phase r passed the same u (the same
     * iteration), so an {@code eq} base and a {@code gt} base are different elements, different
     * objects; instances in different episodes are ordered by the barrier. Null when not so.
     */
    String episodeBase(int t, CGNode n, int b, int i) {
        if (b < 0 || ids.body(t) == null || !(n.getDU().getDef(b) instanceof com.ibm.wala.ssa.SSAArrayLoadInstruction load)) {
            return null;
        }
        CGNode e = phases.entry(t);
        int ph = phases.phase(t, n, i);
        if (e == null || n.equals(e) || ph < 0) {
            return null;
        }
        int x = load.getArrayRef();
        String path = paths.path(n, x);
        if (!path.startsWith("V1.") || !ids.uniform(t, n, x)) {
            return null;
        }
        for (var ik : p.pts(n, x)) {
            if (!injective.computeIfAbsent(ik, this::injective)) {
                return null;
            }
        }
        int idx = CountingLoops.same(n, load.getIndex());
        IR ir = n.getIR();
        if (idx > 1 && idx <= ir.getNumberOfParameters() && !n.getMethod().isStatic() && passedCounter(t, e, n, idx)) {
            return "eq|" + p.cg.getNumber(n) + ":" + idx + " of " + path + " @" + ph;
        }
        int u = above(t, n, idx);
        if (u > 1 && u <= ir.getNumberOfParameters() && !n.getMethod().isStatic() && passedCounter(t, e, n, u)) {
            return "gt|" + p.cg.getNumber(n) + ":" + u + " of " + path + " @" + ph;
        }
        return null;
    }

    /** Every call of n inside t is in the entry e, passing at parameter u the counter of the exact loop it lies in. */
    private boolean passedCounter(int t, CGNode e, CGNode n, int u) {
        boolean any = false;
        for (var it = p.cg.getPredNodes(n); it.hasNext(); ) {
            CGNode c = it.next();
            if (!d.reach.get(t).get(p.cg.getNumber(c))) {
                continue;
            }
            if (!c.equals(e)) {
                return false;
            }
            for (var sites = p.cg.getPossibleSites(c, n); sites.hasNext(); ) {
                for (var call : WalaSites.calls(c.getIR(), sites.next())) {
                    int k = phases.exactLoopCounter(t, call.iIndex());
                    if (k < 0 || call.getNumberOfUses() < u || CountingLoops.same(c, call.getUse(u - 1)) != k) {
                        return false;
                    }
                    any = true;
                }
            }
        }
        return any;
    }

    /** For j = phi(first, j + C), C > 0, first = u + 1 + floorMod(.., C') with C' > 0: u; else -1. */
    private int above(int t, CGNode n, int j) {
        if (!(n.getDU().getDef(j) instanceof SSAPhiInstruction phi) || phi.getNumberOfUses() != 2) {
            return -1;
        }
        for (int k = 0; k < 2; k++) {
            if (!(n.getDU().getDef(phi.getUse(k)) instanceof SSABinaryOpInstruction step)
                    || step.getOperator() != IBinaryOpInstruction.Operator.ADD) {
                continue;
            }
            for (int side = 0; side < 2; side++) {
                Integer c = ids.constant(t, n, step.getUse(1 - side));
                if (CountingLoops.same(n, step.getUse(side)) != j || c == null || c <= 0) {
                    continue;
                }
                if (!(n.getDU().getDef(phi.getUse(1 - k)) instanceof SSABinaryOpInstruction first)
                        || first.getOperator() != IBinaryOpInstruction.Operator.ADD) {
                    continue;
                }
                for (int f = 0; f < 2; f++) {
                    if (nonNegativeMod(t, n, first.getUse(1 - f)) && n.getDU().getDef(first.getUse(f)) instanceof SSABinaryOpInstruction plus
                            && plus.getOperator() == IBinaryOpInstruction.Operator.ADD) {
                        SymbolTable st = n.getIR().getSymbolTable();
                        for (int q = 0; q < 2; q++) {
                            if (st.isIntegerConstant(plus.getUse(1 - q)) && st.getIntValue(plus.getUse(1 - q)) >= 1) {
                                return CountingLoops.same(n, plus.getUse(q));
                            }
                        }
                    }
                }
            }
        }
        return -1;
    }

    /** Math.floorMod(x, C) with C a positive constant: never negative. */
    private boolean nonNegativeMod(int t, CGNode n, int v) {
        if (!(n.getDU().getDef(v) instanceof com.ibm.wala.ssa.SSAAbstractInvokeInstruction call) || !call.isStatic()
                || !call.getDeclaredTarget().getDeclaringClass().getName().toString().equals("Ljava/lang/Math")
                || !call.getDeclaredTarget().getSelector().toString().equals("floorMod(II)I")) {
            return false;
        }
        Integer c = ids.constant(t, n, call.getUse(1));
        return c != null && c > 0;
    }

    /** A multi-dimensional array allocation whose elements nothing replaces. */
    private boolean injective(com.ibm.wala.ipa.callgraph.propagation.InstanceKey ik) {
        if (!(ik instanceof com.ibm.wala.ipa.callgraph.propagation.AllocationSiteInNode a) || a.getNode().getIR() == null) {
            return false;
        }
        var nw = a.getNode().getIR().getNew(a.getSite());
        if (nw == null || nw.getNumberOfUses() < 2 || !nw.getConcreteType().isArrayType()) {
            return false;
        }
        for (CGNode n : p.cg) {
            if (n.getIR() == null) {
                continue;
            }
            for (SSAInstruction ins : n.getIR().getInstructions()) {
                if (ins instanceof com.ibm.wala.ssa.SSAArrayStoreInstruction st && p.pts(n, st.getArrayRef()).contains(ik)) {
                    return false;
                }
                if (ins instanceof com.ibm.wala.ssa.SSAAbstractInvokeInstruction call) {
                    for (int u = 0; u < call.getNumberOfUses(); u++) {
                        if (p.pts(n, call.getUse(u)).contains(ik)) {
                            for (CGNode target : p.cg.getPossibleTargets(n, call.getCallSite())) {
                                if (!WalaProgram.isApp(target)) {
                                    return false;
                                }
                            }
                            if (p.cg.getPossibleTargets(n, call.getCallSite()).isEmpty()) {
                                return false;
                            }
                        }
                    }
                }
            }
        }
        return true;
    }

    /** The partition key of index value v at instruction i of n in thread t, or null. */
    String key(int t, CGNode n, int i, int v) {
        if (ids.body(t) == null || !ids.bodyNodes(t).contains(n)) {
            return null;
        }
        if (ids.isId(t, n, v)) {
            return "id";
        }
        String stride = stride(t, n, v);
        if (stride != null) {
            return stride;
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

    /**
     * {@code stride C}: the index is a counter j = phi(first, j + C) with first = id (mod C)
     * (sums, differences, constant multiples, {@code x % C} and {@code Math.floorMod(x, C)}
     * of values that cancel out), C the same constant in every instance and ids in [0, K),
     * K &lt;= C: instance x's indices are = x (mod C), so two instances' never meet.
     */
    private String stride(int t, CGNode n, int v) {
        int j = CountingLoops.same(n, v);
        if (!(n.getDU().getDef(j) instanceof SSAPhiInstruction phi) || phi.getNumberOfUses() != 2) {
            return null;
        }
        Integer bound = ids.idBound(t);
        for (int k = 0; k < 2; k++) {
            if (n.getDU().getDef(phi.getUse(k)) instanceof SSABinaryOpInstruction add
                    && add.getOperator() == IBinaryOpInstruction.Operator.ADD) {
                for (int side = 0; side < 2; side++) {
                    if (CountingLoops.same(n, add.getUse(side)) != j) {
                        continue;
                    }
                    Integer c = ids.constant(t, n, add.getUse(1 - side));
                    if (c == null || c <= 0 || bound == null || bound > c) {
                        continue;
                    }
                    Map<Integer, Integer> lin = residue(t, n, phi.getUse(1 - k), c, 0);
                    if (lin != null && lin.size() == 1 && Integer.valueOf(1).equals(lin.get(ID))) {
                        return "stride " + c;
                    }
                }
            }
        }
        return null;
    }

    private static final int ID = -2;
    private static final int CONST = -1;

    /** v modulo c as a sum of coefficients of atoms (values), the id and a constant; null when unknown. */
    private Map<Integer, Integer> residue(int t, CGNode n, int v, int c, int depth) {
        Map<Integer, Integer> out = new HashMap<>();
        SymbolTable st = n.getIR().getSymbolTable();
        if (depth > 12) {
            return null;
        }
        if (st.isIntegerConstant(v)) {
            add(out, CONST, st.getIntValue(v), c);
            return out;
        }
        if (ids.isId(t, n, v)) {
            add(out, ID, 1, c);
            return out;
        }
        SSAInstruction def = n.getDU().getDef(v);
        if (def instanceof SSABinaryOpInstruction bin) {
            var op = bin.getOperator();
            if (op == IBinaryOpInstruction.Operator.ADD || op == IBinaryOpInstruction.Operator.SUB) {
                Map<Integer, Integer> a = residue(t, n, bin.getUse(0), c, depth + 1);
                Map<Integer, Integer> b = residue(t, n, bin.getUse(1), c, depth + 1);
                if (a == null || b == null) {
                    return null;
                }
                int sign = op == IBinaryOpInstruction.Operator.ADD ? 1 : -1;
                a.forEach((x, y) -> add(out, x, y, c));
                b.forEach((x, y) -> add(out, x, sign * y, c));
                return out;
            }
            if (op == IBinaryOpInstruction.Operator.REM && Integer.valueOf(c).equals(ids.constant(t, n, bin.getUse(1)))) {
                return residue(t, n, bin.getUse(0), c, depth + 1);
            }
        }
        if (def instanceof com.ibm.wala.ssa.SSAAbstractInvokeInstruction call && call.isStatic()
                && call.getDeclaredTarget().getDeclaringClass().getName().toString().equals("Ljava/lang/Math")
                && call.getDeclaredTarget().getSelector().toString().equals("floorMod(II)I")
                && Integer.valueOf(c).equals(ids.constant(t, n, call.getUse(1)))) {
            return residue(t, n, call.getUse(0), c, depth + 1);
        }
        add(out, CountingLoops.same(n, v), 1, c);
        return out;
    }

    private static void add(Map<Integer, Integer> m, int atom, int coeff, int c) {
        int now = Math.floorMod(m.getOrDefault(atom, 0) + coeff, c);
        if (now == 0) {
            m.remove(atom);
        } else {
            m.put(atom, now);
        }
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
