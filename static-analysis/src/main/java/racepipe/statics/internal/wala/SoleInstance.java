package racepipe.statics.internal.wala;

import com.ibm.wala.ipa.callgraph.CGNode;
import com.ibm.wala.shrike.shrikeBT.IConditionalBranchInstruction;
import com.ibm.wala.ssa.IR;
import com.ibm.wala.ssa.ISSABasicBlock;
import com.ibm.wala.ssa.SSAAbstractInvokeInstruction;
import com.ibm.wala.ssa.SSACFG;
import com.ibm.wala.ssa.SSAConditionalBranchInstruction;
import com.ibm.wala.ssa.SSAInstruction;
import com.ibm.wala.util.graph.dominators.Dominators;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Code that only one instance of a multi-instance thread runs: what a body node runs only on
 * the equal side of {@code id == C} (C a constant, {@code id} the instance's id from
 * {@link InstanceIds}), and the methods the thread calls only from such places (or from
 * methods of the same kind, with the same C). Ids differ between instances, so at most one
 * instance, the one whose id is C, runs any of it: two accesses with the same guard are never
 * run by two different instances.
 */
final class SoleInstance {
    private static final String NONE = "";
    private final WalaProgram p;
    private final ThreadDiscovery d;
    private final InstanceIds ids;
    private final BarrierPhases phases;
    private final Map<Integer, Map<CGNode, String>> nodeGuards = new HashMap<>();

    SoleInstance(WalaProgram p, ThreadDiscovery d, InstanceIds ids, BarrierPhases phases) {
        this.p = p;
        this.d = d;
        this.ids = ids;
        this.phases = phases;
    }

    /** The guard ("id==#0") under which only one instance of t runs (n, i), or null. */
    String guard(int t, CGNode n, int i) {
        if (ids.body(t) == null) {
            return null;
        }
        String local = local(t, n, i);
        if (local != null) {
            return local;
        }
        String g = nodeGuards.computeIfAbsent(t, this::nodes).get(n);
        return g == null || g.equals(NONE) ? null : g;
    }

    /** The guard of instruction i of body node n from a branch on the id in n itself. */
    private String local(int t, CGNode n, int i) {
        if (!ids.bodyNodes(t).contains(n) || i < 0) {
            return null;
        }
        IR ir = n.getIR();
        SSACFG cfg = ir.getControlFlowGraph();
        Dominators<ISSABasicBlock> dom = null;
        ISSABasicBlock at = cfg.getBlockForInstruction(i);
        String episode = episode(t, n, i, cfg, at);
        if (episode != null) {
            return episode;
        }
        for (SSAInstruction ins : ir.getInstructions()) {
            if (!(ins instanceof SSAConditionalBranchInstruction br)) {
                continue;
            }
            var op = (IConditionalBranchInstruction.Operator) br.getOperator();
            if (op != IConditionalBranchInstruction.Operator.EQ && op != IConditionalBranchInstruction.Operator.NE) {
                continue;
            }
            for (int k = 0; k < 2; k++) {
                int c = br.getUse(1 - k);
                if (!ids.isId(t, n, br.getUse(k)) || !ir.getSymbolTable().isIntegerConstant(c)) {
                    continue;
                }
                ISSABasicBlock b = cfg.getBlockForInstruction(br.iIndex());
                ISSABasicBlock eq = op == IConditionalBranchInstruction.Operator.EQ
                        ? com.ibm.wala.cfg.Util.getTakenSuccessor(cfg, b) : com.ibm.wala.cfg.Util.getNotTakenSuccessor(cfg, b);
                if (dom == null) {
                    dom = Dominators.make(cfg, cfg.entry());
                }
                if (cfg.getPredNodeCount(eq) == 1 && dom.isDominatedBy(at, eq)) {
                    return "id==#" + ir.getSymbolTable().getIntValue(c);
                }
            }
        }
        return null;
    }

    /**
     * In the entry of a thread with barrier phases, inside an exact loop with counter k
     * ({@link BarrierPhases#exactLoopCounter}): the equal side of {@code id == f(k)}, f built
     * from k and uniform values. Two instances in one barrier episode at one phase run the same
     * iteration k, where only the instance whose id is f(k) gets there; instances in different
     * episodes are ordered by the barrier. The key names the branch and the phase.
     */
    private String episode(int t, CGNode n, int i, SSACFG cfg, ISSABasicBlock at) {
        if (phases == null || !n.equals(phases.entry(t))) {
            return null;
        }
        int k = phases.exactLoopCounter(t, i);
        int ph = phases.phase(t, n, i);
        if (k < 0 || ph < 0) {
            return null;
        }
        Dominators<ISSABasicBlock> dom = null;
        for (SSAInstruction ins : n.getIR().getInstructions()) {
            if (!(ins instanceof SSAConditionalBranchInstruction br)) {
                continue;
            }
            var op = (IConditionalBranchInstruction.Operator) br.getOperator();
            if (op != IConditionalBranchInstruction.Operator.EQ && op != IConditionalBranchInstruction.Operator.NE
                    || phases.exactLoopCounter(t, br.iIndex()) != k) {
                continue;
            }
            for (int side = 0; side < 2; side++) {
                if (!ids.isId(t, n, br.getUse(side)) || !ofCounter(t, n, br.getUse(1 - side), k, 0)) {
                    continue;
                }
                ISSABasicBlock b = cfg.getBlockForInstruction(br.iIndex());
                ISSABasicBlock eq = op == IConditionalBranchInstruction.Operator.EQ
                        ? com.ibm.wala.cfg.Util.getTakenSuccessor(cfg, b) : com.ibm.wala.cfg.Util.getNotTakenSuccessor(cfg, b);
                if (dom == null) {
                    dom = Dominators.make(cfg, cfg.entry());
                }
                if (cfg.getPredNodeCount(eq) == 1 && dom.isDominatedBy(at, eq)) {
                    return "episode " + br.iIndex() + " @" + ph;
                }
            }
        }
        return null;
    }

    /** Value v is computed from the counter k and uniform values only. */
    private boolean ofCounter(int t, CGNode n, int v, int k, int depth) {
        if (depth > 8) {
            return false;
        }
        if (CountingLoops.same(n, v) == k || ids.uniform(t, n, v)) {
            return true;
        }
        return n.getDU().getDef(v) instanceof com.ibm.wala.ssa.SSABinaryOpInstruction bin
                && ofCounter(t, n, bin.getUse(0), k, depth + 1) && ofCounter(t, n, bin.getUse(1), k, depth + 1);
    }

    /** Nodes t calls only from places with one guard. */
    private Map<CGNode, String> nodes(int t) {
        Map<CGNode, String> out = new HashMap<>();
        var reach = d.reach.get(t);
        List<CGNode> all = new ArrayList<>();
        for (CGNode n : p.cg) {
            if (reach.get(p.cg.getNumber(n)) && !d.threads.get(t).entries().contains(n)) {
                all.add(n);
            }
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            for (CGNode n : all) {
                if (out.containsKey(n)) {
                    continue;
                }
                String g = null;
                boolean ready = true;
                for (Iterator<CGNode> it = p.cg.getPredNodes(n); it.hasNext() && ready; ) {
                    CGNode c = it.next();
                    if (!reach.get(p.cg.getNumber(c))) {
                        continue;
                    }
                    List<String> at = new ArrayList<>();
                    if (c.getIR() == null) {
                        at.add(NONE);
                    }
                    for (var sites = p.cg.getPossibleSites(c, n); c.getIR() != null && sites.hasNext(); ) {
                        for (SSAAbstractInvokeInstruction call : WalaSites.calls(c.getIR(), sites.next())) {
                            String l = local(t, c, call.iIndex());
                            if (l == null) {
                                if (d.threads.get(t).entries().contains(c)) {
                                    l = NONE;
                                } else if (out.containsKey(c)) {
                                    l = out.get(c);
                                } else {
                                    ready = false;
                                }
                            }
                            at.add(l);
                        }
                    }
                    if (at.isEmpty()) {
                        at.add(NONE);
                    }
                    for (String x : at) {
                        if (x != null) {
                            g = g == null ? x : g.equals(x) ? g : NONE;
                        }
                    }
                }
                if (ready) {
                    out.put(n, g == null ? NONE : g);
                    changed = true;
                }
            }
        }
        return out;
    }
}
