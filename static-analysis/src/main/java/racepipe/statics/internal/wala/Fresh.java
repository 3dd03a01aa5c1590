package racepipe.statics.internal.wala;

import com.ibm.wala.ipa.callgraph.CGNode;
import com.ibm.wala.ssa.IR;
import com.ibm.wala.ssa.ISSABasicBlock;
import com.ibm.wala.ssa.SSAAbstractInvokeInstruction;
import com.ibm.wala.ssa.SSAArrayLengthInstruction;
import com.ibm.wala.ssa.SSAArrayReferenceInstruction;
import com.ibm.wala.ssa.SSAArrayStoreInstruction;
import com.ibm.wala.ssa.SSACFG;
import com.ibm.wala.ssa.SSAFieldAccessInstruction;
import com.ibm.wala.ssa.SSAInstruction;
import com.ibm.wala.ssa.SSAMonitorInstruction;
import com.ibm.wala.ssa.SSANewInstruction;
import com.ibm.wala.ssa.SSAPhiInstruction;
import com.ibm.wala.ssa.SSAPutInstruction;
import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;

/**
 * Fresh accesses: the base was allocated in the same method activation and nothing could have
 * handed it to anyone yet. Every use of the new value between the allocation and the access is
 * a field or element access on it, its length, a monitor on it, or a constructor that lets no
 * {@code this} out; any other use (a store of the value, a call argument, a return, a phi or a
 * cast that makes an alias) ends the freshness for everything reachable after it.
 *
 * <p>Why it is sound: only the allocating thread can hold a reference nobody was given, so two
 * fresh accesses by different threads are on different objects; and an object whose only heap
 * locations hand over with an ordering edge (a volatile field, a task's result) reaches another
 * thread only through a volatile read or Future.get() that sees it, which comes after every
 * fresh access of its allocator (they precede the handing store in program order).
 */
final class Fresh {
    private final WalaProgram p;
    private final Map<String, Boolean> safeInit = new HashMap<>();

    Fresh(WalaProgram p) {
        this.p = p;
    }

    /** The access at instruction iindex of n, on value base, is fresh. */
    boolean at(CGNode n, int iindex, int base) {
        if (base < 0) {
            return false;
        }
        int v = CountingLoops.same(n, base);
        if (!(n.getDU().getDef(v) instanceof SSANewInstruction nw)) {
            return false;
        }
        IR ir = n.getIR();
        SSAInstruction[] instrs = ir.getInstructions();
        SSACFG cfg = ir.getControlFlowGraph();
        int alloc = nw.iIndex();
        BitSet names = new BitSet();
        names.set(v);
        for (var it = ir.iteratePhis(); it.hasNext(); ) {
            int d = it.next().getDef();
            if (CountingLoops.same(n, d) == v) {
                names.set(d); // the variable carried unchanged through a loop: the same object
            }
        }
        for (int name = names.nextSetBit(0); name >= 0; name = names.nextSetBit(name + 1)) {
            for (var it = n.getDU().getUses(name); it.hasNext(); ) {
                SSAInstruction use = it.next();
                if (use instanceof SSAPhiInstruction phi && names.get(phi.getDef())) {
                    continue;
                }
                if (harmless(n, use, names)) {
                    continue;
                }
                if (use.iIndex() < 0 || reaches(cfg, instrs, use.iIndex(), iindex, alloc)) {
                    return false;
                }
            }
        }
        return true;
    }

    private boolean harmless(CGNode n, SSAInstruction use, BitSet v) {
        if (use instanceof SSAPutInstruction put) {
            return !put.isStatic() && v.get(put.getRef()) && !v.get(put.getVal());
        }
        if (use instanceof SSAArrayStoreInstruction st) {
            return v.get(st.getArrayRef()) && !v.get(st.getValue());
        }
        if (use instanceof SSAFieldAccessInstruction || use instanceof SSAArrayReferenceInstruction
                || use instanceof SSAArrayLengthInstruction || use instanceof SSAMonitorInstruction) {
            return true;
        }
        if (use instanceof SSAAbstractInvokeInstruction call && call.isSpecial() && call.getDeclaredTarget().isInit()
                && v.get(call.getReceiver())) {
            for (int i = 1; i < call.getNumberOfUses(); i++) {
                if (v.get(call.getUse(i))) {
                    return false;
                }
            }
            for (CGNode c : p.cg.getPossibleTargets(n, call.getCallSite())) {
                if (!keepsThis(c, 0)) {
                    return false;
                }
            }
            return !p.cg.getPossibleTargets(n, call.getCallSite()).isEmpty();
        }
        return false;
    }

    /** A constructor that uses {@code this} only to access its fields and to call such a constructor. */
    private boolean keepsThis(CGNode c, int depth) {
        String key = c.getMethod().getSignature();
        Boolean known = safeInit.get(key);
        if (known != null) {
            return known;
        }
        if (c.getMethod().getDeclaringClass().getReference().equals(com.ibm.wala.types.TypeReference.JavaLangObject)) {
            return true;
        }
        if (depth > 8 || c.getIR() == null) {
            return false;
        }
        safeInit.put(key, false); // recursion: assume the worst until shown
        boolean ok = true;
        for (var it = c.getDU().getUses(1); it.hasNext() && ok; ) {
            SSAInstruction use = it.next();
            if (use instanceof SSAAbstractInvokeInstruction call && call.isSpecial() && call.getDeclaredTarget().isInit()
                    && call.getReceiver() == 1) {
                for (int i = 1; i < call.getNumberOfUses(); i++) {
                    ok &= call.getUse(i) != 1;
                }
                for (CGNode s : p.cg.getPossibleTargets(c, call.getCallSite())) {
                    ok &= keepsThis(s, depth + 1);
                }
            } else if (use instanceof SSAPutInstruction put) {
                ok = !put.isStatic() && put.getRef() == 1 && put.getVal() != 1;
            } else {
                ok = use instanceof SSAFieldAccessInstruction;
            }
        }
        safeInit.put(key, ok);
        return ok;
    }

    /** Instruction to runs after instruction from on some path that does not run kill again. */
    private static boolean reaches(SSACFG cfg, SSAInstruction[] instrs, int from, int to, int kill) {
        ISSABasicBlock fb = cfg.getBlockForInstruction(from);
        for (int i = from + 1; i <= fb.getLastInstructionIndex(); i++) {
            if (i == to) {
                return true;
            }
            if (i == kill) {
                return false;
            }
        }
        BitSet seen = new BitSet();
        Deque<ISSABasicBlock> todo = new ArrayDeque<>();
        cfg.getSuccNodes(fb).forEachRemaining(todo::add);
        while (!todo.isEmpty()) {
            ISSABasicBlock b = todo.poll();
            if (seen.get(b.getNumber())) {
                continue;
            }
            seen.set(b.getNumber());
            boolean killed = false;
            for (int i = b.getFirstInstructionIndex(); i <= b.getLastInstructionIndex() && i >= 0 && !killed; i++) {
                if (i == to) {
                    return true;
                }
                killed = i == kill;
            }
            if (!killed) {
                cfg.getSuccNodes(b).forEachRemaining(todo::add);
            }
        }
        return false;
    }

    /** The base value of an access in n is the result of an allocation in n itself. */
    static boolean allocatedHere(CGNode n, int base) {
        return base >= 0 && n.getDU().getDef(base) instanceof com.ibm.wala.ssa.SSANewInstruction;
    }
}
