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
    private final Map<Integer, Map<CGNode, String>> nodeGuards = new HashMap<>();

    SoleInstance(WalaProgram p, ThreadDiscovery d, InstanceIds ids) {
        this.p = p;
        this.d = d;
        this.ids = ids;
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
