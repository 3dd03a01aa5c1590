package racepipe.statics.internal.wala;

import com.ibm.wala.classLoader.IField;
import com.ibm.wala.ipa.callgraph.CGNode;
import com.ibm.wala.ipa.callgraph.propagation.AllocationSiteInNode;
import com.ibm.wala.ssa.IR;
import com.ibm.wala.ssa.SSAAbstractInvokeInstruction;
import com.ibm.wala.ssa.SSABinaryOpInstruction;
import com.ibm.wala.ssa.SSACheckCastInstruction;
import com.ibm.wala.ssa.SSAGetInstruction;
import com.ibm.wala.ssa.SSAInstruction;
import com.ibm.wala.ssa.SSAPutInstruction;
import com.ibm.wala.ssa.SymbolTable;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/**
 * Per-instance ids and instance-uniform values of a multi-instance thread, read from its body
 * object ({@link ThreadOwned}: each instance has its own body, and a body node's {@code v1} is
 * the running instance's body).
 *
 * <p>An <b>id field</b> is a final field of the body that its constructor sets from a parameter
 * to which the spawning method passes a loop counter i = phi(0, i + 1), the body's allocation
 * running at most once per value of i in a method that runs once ({@link CountingLoops#oncePerValue}):
 * two instances' bodies got different counters, so {@code this.id} differs between any two
 * instances. A <b>uniform</b> value is the same in every instance: constants, final fields of a
 * uniform object, the body's final fields set from values the spawning method computed once
 * (outside loops, in a method run once), and arithmetic on them.
 */
final class InstanceIds {
    record Body(CGNode spawner, SSAAbstractInvokeInstruction init, CGNode ctor, IField id, int idParam) {
    }

    private final WalaProgram p;
    private final ThreadDiscovery d;
    private final ExecCount ex;
    private final ThreadOwned owned;
    private final Map<Integer, Body> bodies = new HashMap<>();

    InstanceIds(WalaProgram p, ThreadDiscovery d, ExecCount ex, ThreadOwned owned) {
        this.p = p;
        this.d = d;
        this.ex = ex;
        this.owned = owned;
    }

    /** Thread t's body construction with its id field, or null. */
    Body body(int t) {
        return bodies.computeIfAbsent(t, this::find);
    }

    Set<CGNode> bodyNodes(int t) {
        return owned.nodes(t);
    }

    private Body find(int t) {
        WalaThread th = d.threads.get(t);
        if (t == 0 || !ex.multi[t] || th.bodies().size() != 1) {
            return null;
        }
        var b = th.bodies().iterator().next();
        if (!(b instanceof AllocationSiteInNode a) || a.getNode().getIR() == null || ex.count(a.getNode()) != 1
                || !owned.ownBody(th, b)) {
            return null;
        }
        CGNode m = a.getNode();
        var alloc = m.getIR().getNew(a.getSite());
        SSAAbstractInvokeInstruction init = null;
        for (Iterator<SSAInstruction> it = m.getDU().getUses(alloc.getDef()); it.hasNext(); ) {
            if (it.next() instanceof SSAAbstractInvokeInstruction c && c.getDeclaredTarget().isInit() && !c.isStatic()
                    && c.getReceiver() == alloc.getDef()) {
                init = c;
            }
        }
        if (init == null) {
            return null;
        }
        Set<CGNode> ctors = p.cg.getPossibleTargets(m, init.getCallSite());
        if (ctors.size() != 1 || ctors.iterator().next().getIR() == null) {
            return null;
        }
        CGNode ctor = ctors.iterator().next();
        int s = m.getIR().getNewInstructionIndex(a.getSite());
        for (SSAInstruction ins : ctor.getIR().getInstructions()) {
            if (!(ins instanceof SSAPutInstruction put) || put.isStatic() || put.getRef() != 1) {
                continue;
            }
            IField f = p.field(put.getDeclaredField());
            int v = put.getVal();
            if (f == null || !f.isFinal() || v <= 1 || v > ctor.getIR().getNumberOfParameters()) {
                continue;
            }
            int arg = CountingLoops.same(m, init.getUse(v - 1));
            if (CountingLoops.oncePerValue(m, s, arg)) {
                return new Body(m, init, ctor, f, v);
            }
        }
        return null;
    }

    /** Value v of body node n is this instance's id. */
    boolean isId(int t, CGNode n, int v) {
        Body b = body(t);
        return b != null && bodyNodes(t).contains(n) && n.getDU().getDef(v) instanceof SSAGetInstruction g
                && !g.isStatic() && g.getRef() == 1 && b.id().equals(p.field(g.getDeclaredField()));
    }

    /** Value v of node n (run by thread t) is the same in every instance of t. */
    boolean uniform(int t, CGNode n, int v) {
        return uniform(t, n, v, 0);
    }

    private boolean uniform(int t, CGNode n, int v, int depth) {
        IR ir = n.getIR();
        SymbolTable st = ir.getSymbolTable();
        if (depth > 12) {
            return false;
        }
        if (st.isConstant(v)) {
            return true;
        }
        SSAInstruction def = n.getDU().getDef(v);
        if (def instanceof SSABinaryOpInstruction bin) {
            return uniform(t, n, bin.getUse(0), depth + 1) && uniform(t, n, bin.getUse(1), depth + 1);
        }
        if (def instanceof SSACheckCastInstruction c) {
            return uniform(t, n, c.getUse(0), depth + 1);
        }
        if (def instanceof SSAGetInstruction g) {
            IField f = p.field(g.getDeclaredField());
            if (f == null || !f.isFinal()) {
                return false;
            }
            if (g.isStatic()) {
                return true;
            }
            if (g.getRef() == 1 && !n.getMethod().isStatic() && bodyNodes(t).contains(n)) {
                return uniformBodyField(t, f, depth);
            }
            return uniform(t, n, g.getRef(), depth + 1);
        }
        return false;
    }

    /**
     * The constant value of v in node n of thread t, through the body's final fields its
     * constructor sets from constants the spawner passes; null when not known.
     */
    Integer constant(int t, CGNode n, int v) {
        SymbolTable st = n.getIR().getSymbolTable();
        if (st.isIntegerConstant(v)) {
            return st.getIntValue(v);
        }
        Body b = body(t);
        if (b == null || !bodyNodes(t).contains(n) || !(n.getDU().getDef(v) instanceof SSAGetInstruction g)
                || g.isStatic() || g.getRef() != 1) {
            return null;
        }
        IField f = p.field(g.getDeclaredField());
        if (f == null || !f.isFinal()) {
            return null;
        }
        Integer val = null;
        for (SSAInstruction ins : b.ctor().getIR().getInstructions()) {
            if (ins instanceof SSAPutInstruction put && !put.isStatic() && put.getRef() == 1 && f.equals(p.field(put.getDeclaredField()))) {
                if (val != null) {
                    return null;
                }
                val = put.getVal();
            }
        }
        if (val == null) {
            return null;
        }
        IR ir = b.ctor().getIR();
        if (ir.getSymbolTable().isIntegerConstant(val)) {
            return ir.getSymbolTable().getIntValue(val);
        }
        if (val > 1 && val <= ir.getNumberOfParameters()) {
            int arg = b.init().getUse(val - 1);
            SymbolTable mt = b.spawner().getIR().getSymbolTable();
            return mt.isIntegerConstant(arg) ? mt.getIntValue(arg) : null;
        }
        return null;
    }

    /** Ids lie in [0, K): K from the spawning loop's test of the id counter before the allocation; null when unknown. */
    Integer idBound(int t) {
        Body b = body(t);
        if (b == null) {
            return null;
        }
        CGNode m = b.spawner();
        int counter = CountingLoops.same(m, b.init().getUse(b.idParam() - 1));
        return CountingLoops.isCountFromZero(m, counter) ? CountingLoops.testedBelow(m, b.init().iIndex(), counter) : null;
    }

    /** Value v of thread t's body constructor is the same in every instance. */
    boolean uniformInConstructor(int t, int v) {
        Body b = body(t);
        return b != null && uniformInCtor(b, v, 0);
    }

    /** The body's final field f is set by its constructor from a value the spawner computed once. */
    private boolean uniformBodyField(int t, IField f, int depth) {
        Body b = body(t);
        if (b == null) {
            return false;
        }
        Integer val = null;
        for (SSAInstruction ins : b.ctor().getIR().getInstructions()) {
            if (ins instanceof SSAPutInstruction put && !put.isStatic() && f.equals(p.field(put.getDeclaredField()))) {
                if (val != null || put.getRef() != 1) {
                    return false;
                }
                val = put.getVal();
            }
        }
        return val != null && uniformInCtor(b, val, depth + 1);
    }

    private boolean uniformInCtor(Body b, int v, int depth) {
        CGNode c = b.ctor();
        IR ir = c.getIR();
        if (depth > 12) {
            return false;
        }
        if (ir.getSymbolTable().isConstant(v)) {
            return true;
        }
        if (v > 1 && v <= ir.getNumberOfParameters()) {
            return onceInSpawner(b.spawner(), b.init().getUse(v - 1));
        }
        SSAInstruction def = c.getDU().getDef(v);
        if (def instanceof SSABinaryOpInstruction bin) {
            return uniformInCtor(b, bin.getUse(0), depth + 1) && uniformInCtor(b, bin.getUse(1), depth + 1);
        }
        if (def instanceof SSACheckCastInstruction cc) {
            return uniformInCtor(b, cc.getUse(0), depth + 1);
        }
        if (def instanceof SSAGetInstruction g) {
            IField f = p.field(g.getDeclaredField());
            if (f == null || !f.isFinal()) {
                return false;
            }
            if (g.isStatic()) {
                return true;
            }
            if (g.getRef() == 1) { // a field this constructor already set
                for (SSAInstruction ins : ir.getInstructions()) {
                    if (ins instanceof SSAPutInstruction put && !put.isStatic() && put.getRef() == 1
                            && f.equals(p.field(put.getDeclaredField())) && put.iIndex() < g.iIndex()) {
                        return uniformInCtor(b, put.getVal(), depth + 1);
                    }
                }
                return false;
            }
            return uniformInCtor(b, g.getRef(), depth + 1);
        }
        return false;
    }

    /** Value v of the spawner (run once) is computed once: a constant, a parameter or a definition outside loops. */
    private boolean onceInSpawner(CGNode m, int v) {
        IR ir = m.getIR();
        if (ir.getSymbolTable().isConstant(v) || v <= ir.getNumberOfParameters()) {
            return true;
        }
        SSAInstruction def = m.getDU().getDef(v);
        return def != null && def.iIndex() >= 0 && !(def instanceof com.ibm.wala.ssa.SSAPhiInstruction)
                && !ex.inLoop(m, def.iIndex());
    }

    /**
     * A canonical text of value v of node n built from its definitions, equal for two values
     * computed the same way from the same parameters, constants and final fields; with
     * {@code idPlusOne}, parameter {@code param} reads as {@code (P+1)}.
     */
    static String canon(CGNode n, int v, int param, boolean idPlusOne, int depth) {
        IR ir = n.getIR();
        SymbolTable st = ir.getSymbolTable();
        if (depth > 12) {
            return "?" + v;
        }
        if (st.isIntegerConstant(v)) {
            return "#" + st.getIntValue(v);
        }
        if (v == param) {
            return idPlusOne ? com.ibm.wala.shrike.shrikeBT.IBinaryOpInstruction.Operator.ADD + "(#1,P)" : "P";
        }
        if (v <= ir.getNumberOfParameters()) {
            return "V" + v;
        }
        SSAInstruction def = n.getDU().getDef(v);
        if (def instanceof SSABinaryOpInstruction bin) {
            String a = canon(n, bin.getUse(0), param, idPlusOne, depth + 1);
            String b = canon(n, bin.getUse(1), param, idPlusOne, depth + 1);
            String op = bin.getOperator().toString();
            if ((op.equals("add") || op.equals("mul")) && a.compareTo(b) > 0) {
                String x = a;
                a = b;
                b = x;
            }
            return op + "(" + a + "," + b + ")";
        }
        if (def instanceof SSAGetInstruction g) {
            String f = g.getDeclaredField().getDeclaringClass().getName() + "." + g.getDeclaredField().getName();
            return g.isStatic() ? "S:" + f : canon(n, g.getRef(), param, idPlusOne, depth + 1) + "." + f;
        }
        if (def instanceof SSACheckCastInstruction c) {
            return canon(n, c.getUse(0), param, idPlusOne, depth + 1);
        }
        return "?" + v;
    }
}
