package racepipe.statics.internal.wala;

import com.ibm.wala.cfg.Util;
import com.ibm.wala.classLoader.IField;
import com.ibm.wala.ipa.callgraph.CGNode;
import com.ibm.wala.ssa.IR;
import com.ibm.wala.ssa.ISSABasicBlock;
import com.ibm.wala.ssa.SSACFG;
import com.ibm.wala.ssa.SSAConditionalBranchInstruction;
import com.ibm.wala.ssa.SSAGetInstruction;
import com.ibm.wala.ssa.SSAInstruction;
import com.ibm.wala.ssa.SSAPutInstruction;
import com.ibm.wala.ssa.SymbolTable;
import com.ibm.wala.util.graph.dominators.Dominators;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Hand-over by a volatile flag: the writer fills data, then sets {@code configured = true}; the
 * reader waits until it reads true, then reads the data. An access is <em>before</em> flag F
 * when every store of a possibly non-zero value into F (any object) is made by one
 * single-instance thread after it in program order ({@link SpawnBefore#afterPoint}); an access
 * is <em>after</em> F when it lies where only the non-zero branch of a test of a read of F
 * leads (its block is dominated by that successor, which has no other way in). An access before
 * F and one after F are ordered: the read that saw non-zero read one of those stores (the
 * initial value and stores of 0 are zero), and a volatile store happens-before the reads that
 * see it. Stores through reflection, VarHandles or field updaters are not seen: such a flag
 * gets no ordering only if WALA sees none of its stores, so a program that sets a flag that way
 * alone could lose a pair.
 */
final class VolatileFlags {
    private final WalaProgram p;
    private final ThreadDiscovery d;
    private final ExecCount ex;
    private final SpawnBefore spawnBefore;
    /** Flag -> the one thread that sets it, with what it may run after each store (null: no ordering). */
    private final Map<IField, List<SpawnBefore.After>> setters = new HashMap<>();
    private final Map<IField, Integer> setter = new HashMap<>();
    private final Map<CGNode, Map<IField, List<ISSABasicBlock>>> trueEdges = new HashMap<>();
    private final Map<CGNode, Dominators<ISSABasicBlock>> doms = new HashMap<>();

    VolatileFlags(WalaProgram p, ThreadDiscovery d, ExecCount ex, SpawnBefore spawnBefore) {
        this.p = p;
        this.d = d;
        this.ex = ex;
        this.spawnBefore = spawnBefore;
    }

    void run() {
        Map<IField, List<Object[]>> stores = new HashMap<>();
        Set<IField> bad = new HashSet<>();
        for (CGNode n : p.cg) {
            IR ir = n.getIR();
            if (ir == null) {
                continue;
            }
            SSAInstruction[] instrs = ir.getInstructions();
            for (int i = 0; i < instrs.length; i++) {
                if (instrs[i] instanceof SSAPutInstruction put) {
                    IField f = p.field(put.getDeclaredField());
                    if (f == null || !f.isVolatile() || !f.getFieldTypeReference().isPrimitiveType()) {
                        continue;
                    }
                    SymbolTable st = ir.getSymbolTable();
                    if (st.isIntegerConstant(put.getVal()) && st.getIntValue(put.getVal()) == 0) {
                        continue;
                    }
                    stores.computeIfAbsent(f, x -> new ArrayList<>()).add(new Object[] {n, i});
                } else if (instrs[i] instanceof SSAConditionalBranchInstruction br) {
                    trueEdge(n, br);
                }
            }
        }
        for (Map.Entry<IField, List<Object[]>> e : stores.entrySet()) {
            int thread = -1;
            for (Object[] s : e.getValue()) {
                int t = d.onlyThreadReaching((CGNode) s[0]);
                if (t < 0 || (thread >= 0 && t != thread) || (t > 0 && ex.multi[t])) {
                    bad.add(e.getKey());
                }
                thread = t;
            }
            if (bad.contains(e.getKey())) {
                continue;
            }
            List<SpawnBefore.After> afters = new ArrayList<>();
            for (Object[] s : e.getValue()) {
                afters.add(spawnBefore.afterPoint(thread, (CGNode) s[0], (Integer) s[1]));
            }
            setters.put(e.getKey(), afters);
            setter.put(e.getKey(), thread);
        }
    }

    /** Flags that (n, iindex) precedes: it runs in the setter only, before all its stores. */
    Set<IField> before(CGNode n, int iindex) {
        Set<IField> out = new HashSet<>();
        int t = d.onlyThreadReaching(n);
        if (t < 0) {
            return out;
        }
        for (Map.Entry<IField, List<SpawnBefore.After>> e : setters.entrySet()) {
            if (setter.get(e.getKey()) != t) {
                continue;
            }
            boolean before = true;
            for (SpawnBefore.After a : e.getValue()) {
                before &= !a.has(p, n, iindex);
            }
            if (before) {
                out.add(e.getKey());
            }
        }
        return out;
    }

    /** Flags seen non-zero before (n, iindex) on every way to it. */
    Set<IField> after(CGNode n, int iindex) {
        Set<IField> out = new HashSet<>();
        Map<IField, List<ISSABasicBlock>> edges = trueEdges.get(n);
        if (edges == null) {
            return out;
        }
        SSACFG cfg = n.getIR().getControlFlowGraph();
        Dominators<ISSABasicBlock> dom = doms.computeIfAbsent(n, x -> Dominators.make(cfg, cfg.entry()));
        ISSABasicBlock b = cfg.getBlockForInstruction(iindex);
        edges.forEach((f, succs) -> {
            for (ISSABasicBlock s : succs) {
                if (dom.isDominatedBy(b, s)) {
                    out.add(f);
                }
            }
        });
        return out;
    }

    /** A branch "if (v != 0)" on v read from a volatile primitive field: its non-zero successor. */
    private void trueEdge(CGNode n, SSAConditionalBranchInstruction br) {
        int v = ZeroBranch.testedValue(n, br);
        if (v < 0) {
            return;
        }
        if (!(n.getDU().getDef(v) instanceof SSAGetInstruction get)) {
            return;
        }
        IField f = p.field(get.getDeclaredField());
        if (f == null || !f.isVolatile() || !f.getFieldTypeReference().isPrimitiveType()) {
            return;
        }
        SSACFG cfg = n.getIR().getControlFlowGraph();
        ISSABasicBlock b = cfg.getBlockForInstruction(br.iIndex());
        ISSABasicBlock taken = Util.getTakenSuccessor(cfg, b);
        ISSABasicBlock notTaken = Util.getNotTakenSuccessor(cfg, b);
        ISSABasicBlock nonZero = ZeroBranch.takenWhenNonZero(br) ? taken : notTaken;
        if (!taken.equals(notTaken) && cfg.getPredNodeCount(nonZero) == 1) {
            trueEdges.computeIfAbsent(n, x -> new HashMap<>()).computeIfAbsent(f, x -> new ArrayList<>()).add(nonZero);
        }
    }
}
