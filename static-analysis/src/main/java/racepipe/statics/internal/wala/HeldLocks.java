package racepipe.statics.internal.wala;

import com.ibm.wala.cfg.Util;
import com.ibm.wala.classLoader.CallSiteReference;
import com.ibm.wala.classLoader.IMethod;
import com.ibm.wala.ipa.callgraph.CGNode;
import com.ibm.wala.ssa.IR;
import com.ibm.wala.ssa.ISSABasicBlock;
import com.ibm.wala.ssa.SSAAbstractInvokeInstruction;
import com.ibm.wala.ssa.SSAArrayReferenceInstruction;
import com.ibm.wala.ssa.SSACFG;
import com.ibm.wala.ssa.SSAConditionalBranchInstruction;
import com.ibm.wala.ssa.SSAFieldAccessInstruction;
import com.ibm.wala.ssa.SSAInstruction;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import racepipe.statics.internal.model.LockId;

/**
 * Must-held locks before every access and call of the application nodes. Inside a method:
 * forward dataflow over the CFG, intersection at joins. Across methods: a method starts with
 * the locks held at all of its call sites (translated through the arguments), nothing at a
 * thread entry or when called from the JDK, plus its own monitor when synchronized.
 */
final class HeldLocks {
    private final WalaProgram p;
    private final LockPaths paths;
    private final Set<CGNode> threadEntries;
    private final Map<CGNode, Set<LockId>> entry = new HashMap<>();
    private final Map<CGNode, Map<Integer, Set<LockId>>> at = new HashMap<>();
    private final Map<CGNode, Map<Integer, Set<LockId>>> local = new HashMap<>();

    HeldLocks(WalaProgram p, LockPaths paths, Set<CGNode> threadEntries) {
        this.p = p;
        this.paths = paths;
        this.threadEntries = threadEntries;
    }

    void run(Collection<CGNode> appNodes) {
        Deque<CGNode> todo = new ArrayDeque<>(appNodes);
        Set<CGNode> queued = new HashSet<>(appNodes);
        Set<CGNode> scope = new HashSet<>(appNodes);
        while (!todo.isEmpty()) {
            CGNode n = todo.poll();
            queued.remove(n);
            Set<LockId> e = computeEntry(n);
            if (e == null || (at.containsKey(n) && e.equals(entry.get(n)))) {
                continue;
            }
            entry.put(n, e);
            at.put(n, flow(n, e));
            for (var it = p.cg.getSuccNodes(n); it.hasNext(); ) {
                CGNode c = it.next();
                if (scope.contains(c) && queued.add(c)) {
                    todo.add(c);
                }
            }
        }
    }

    /** Locks surely held before instruction iindex of n, an access, a call or a monitor instruction (empty when unknown). */
    Set<LockId> at(CGNode n, int iindex) {
        Map<Integer, Set<LockId>> m = at.get(n);
        Set<LockId> s = m == null ? null : m.get(iindex);
        return s == null ? Set.of() : s;
    }

    /** Locks surely held at n's entry (its callers' and its own monitor when synchronized): held all through n. */
    Set<LockId> entry(CGNode n) {
        Set<LockId> e = entry.get(n);
        return e == null ? Set.of() : e;
    }

    /**
     * Locks surely held before instruction iindex of n counting only n's own monitors and
     * synchronized flag (paths of n's values): for JDK nodes, whose callers are walked apart.
     */
    Set<LockId> local(CGNode n, int iindex) {
        if (n.getIR() == null) {
            return Set.of();
        }
        Map<Integer, Set<LockId>> m = local.computeIfAbsent(n, x -> {
            IMethod mm = x.getMethod();
            Set<LockId> e = !mm.isSynchronized() ? Set.of() : Set.of(new LockId(mm.isStatic()
                    ? "C:" + WalaProgram.internalName(mm.getDeclaringClass().getReference()) : "V1", false));
            return flow(x, e);
        });
        Set<LockId> s = m.get(iindex);
        return s == null ? Set.of() : s;
    }

    private Set<LockId> computeEntry(CGNode n) {
        Set<LockId> e = null;
        if (threadEntries.contains(n) || n.getIR() == null) {
            e = Set.of();
        }
        for (var it = p.cg.getPredNodes(n); it.hasNext() && (e == null || !e.isEmpty()); ) {
            CGNode pred = it.next();
            if (!WalaProgram.isApp(pred) || pred.getIR() == null) {
                e = Set.of();
                break;
            }
            if (!at.containsKey(pred)) {
                continue;
            }
            for (var sites = p.cg.getPossibleSites(pred, n); sites.hasNext(); ) {
                CallSiteReference site = sites.next();
                for (SSAAbstractInvokeInstruction call : WalaSites.calls(pred.getIR(), site)) {
                    Set<LockId> c = translate(pred, call, at(pred, call.iIndex()));
                    if (e == null) {
                        e = new HashSet<>(c);
                    } else {
                        e.retainAll(c);
                    }
                }
            }
        }
        if (e == null) {
            return null;
        }
        IMethod m = n.getMethod();
        if (m.isSynchronized()) {
            e = new HashSet<>(e);
            e.add(new LockId(m.isStatic() ? "C:" + WalaProgram.internalName(m.getDeclaringClass().getReference()) : "V1", false));
        }
        return Set.copyOf(e);
    }

    /** Caller locks seen from the callee: globals stay, paths from an argument are re-rooted. */
    private Set<LockId> translate(CGNode caller, SSAAbstractInvokeInstruction call, Set<LockId> held) {
        Set<LockId> out = new HashSet<>();
        for (LockId l : held) {
            if (l.global()) {
                out.add(l);
                continue;
            }
            for (int i = 0; i < call.getNumberOfPositionalParameters(); i++) {
                String pu = paths.path(caller, call.getUse(i));
                if (l.path().equals(pu)) {
                    out.add(l.at("V" + (i + 1)));
                } else if (l.path().startsWith(pu + ".")) {
                    out.add(l.at("V" + (i + 1) + l.path().substring(pu.length())));
                }
            }
        }
        return out;
    }

    private Map<Integer, Set<LockId>> flow(CGNode n, Set<LockId> entrySet) {
        IR ir = n.getIR();
        SSACFG cfg = ir.getControlFlowGraph();
        SSAInstruction[] instrs = ir.getInstructions();
        @SuppressWarnings("unchecked")
        Set<LockId>[] out = new Set[cfg.getNumberOfNodes()];
        /* a block ending in "if (lock.tryLock())": the successor where it returned true, and the lock */
        Map<Integer, Map.Entry<ISSABasicBlock, Set<LockId>>> onTrue = new HashMap<>();
        Map<Integer, Set<LockId>> rec = new HashMap<>();
        Deque<ISSABasicBlock> todo = new ArrayDeque<>();
        todo.add(cfg.entry());
        while (!todo.isEmpty()) {
            ISSABasicBlock b = todo.poll();
            Set<LockId> s = b.equals(cfg.entry()) ? entrySet : null;
            for (var it = cfg.getPredNodes(b); it.hasNext(); ) {
                ISSABasicBlock pred = it.next();
                Set<LockId> po = out[pred.getNumber()];
                var t = onTrue.get(pred.getNumber());
                if (po != null && t != null && t.getKey().equals(b)) {
                    Set<LockId> with = new LinkedHashSet<>(po);
                    with.addAll(t.getValue());
                    po = Set.copyOf(with);
                }
                if (po != null) {
                    if (s == null) {
                        s = po;
                    } else if (!s.equals(po)) {
                        Set<LockId> t2 = new LinkedHashSet<>(s);
                        t2.retainAll(po);
                        s = Set.copyOf(t2);
                    }
                }
            }
            if (s == null) {
                continue;
            }
            for (int i = b.getFirstInstructionIndex(); i <= b.getLastInstructionIndex() && i >= 0; i++) {
                SSAInstruction ins = instrs[i];
                if (ins == null) {
                    continue;
                }
                if (ins instanceof SSAFieldAccessInstruction || ins instanceof SSAArrayReferenceInstruction
                        || ins instanceof SSAAbstractInvokeInstruction || ins instanceof com.ibm.wala.ssa.SSAMonitorInstruction) {
                    rec.put(i, s);
                }
                LockPaths.Op op = paths.op(n, ins);
                if (op != null) {
                    Set<LockId> t = new LinkedHashSet<>(s);
                    if (op.acquire()) {
                        t.addAll(op.locks());
                    } else if (!t.removeAll(op.locks())) {
                        t.clear(); // released a lock we cannot name: assume any may be gone
                    }
                    s = Set.copyOf(t);
                }
            }
            var tried = tryLockBranch(n, cfg, b);
            if (tried != null) {
                onTrue.put(b.getNumber(), tried);
            }
            if (!s.equals(out[b.getNumber()])) {
                out[b.getNumber()] = s;
                for (var it = cfg.getSuccNodes(b); it.hasNext(); ) {
                    todo.add(it.next());
                }
            }
        }
        return rec;
    }

    /**
     * For a block ending in a branch on the result of {@code tryLock()} compared with 0 (javac's
     * {@code if (lock.tryLock())}), the successor taken when it returned true, with the lock it
     * then holds; else null. Sound: tryLock returns true exactly when it acquired the lock.
     */
    private Map.Entry<ISSABasicBlock, Set<LockId>> tryLockBranch(CGNode n, SSACFG cfg, ISSABasicBlock b) {
        int last = b.getLastInstructionIndex();
        if (last < 0 || !(n.getIR().getInstructions()[last] instanceof SSAConditionalBranchInstruction br)) {
            return null;
        }
        int v = ZeroBranch.testedValue(n, br);
        if (v < 0) {
            return null;
        }
        Set<LockId> locks = paths.tryAcquire(n, n.getDU().getDef(v));
        if (locks == null) {
            return null;
        }
        ISSABasicBlock taken = Util.getTakenSuccessor(cfg, b);
        ISSABasicBlock notTaken = Util.getNotTakenSuccessor(cfg, b);
        ISSABasicBlock whenTrue = ZeroBranch.takenWhenNonZero(br) ? taken : notTaken;
        return taken.equals(notTaken) ? null : Map.entry(whenTrue, locks);
    }
}
