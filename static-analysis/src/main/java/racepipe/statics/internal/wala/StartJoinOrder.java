package racepipe.statics.internal.wala;

import com.ibm.wala.classLoader.CallSiteReference;
import com.ibm.wala.classLoader.IClass;
import com.ibm.wala.ipa.callgraph.CGNode;
import com.ibm.wala.ipa.callgraph.propagation.InstanceKey;
import com.ibm.wala.ssa.IR;
import com.ibm.wala.ssa.ISSABasicBlock;
import com.ibm.wala.shrike.shrikeBT.IConditionalBranchInstruction;
import com.ibm.wala.ssa.SSAAbstractInvokeInstruction;
import com.ibm.wala.ssa.SSAConditionalBranchInstruction;
import com.ibm.wala.ssa.SSACFG;
import com.ibm.wala.ssa.SSAInstruction;
import com.ibm.wala.types.TypeReference;
import com.ibm.wala.util.intset.OrdinalSet;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * May-happen-in-parallel by start and join. Before a start: {@link SpawnBefore}, for every
 * thread. After a join, for a single-instance thread T spawned once in node M: the parent's
 * instructions of M that run before the spawn or after a join of T (Thread.join() on the same
 * object or on the thread a builder returned, Future.get()/join() on the spawn's result, the
 * executor's close(), invokeAll returning) are ordered with T, and
 * so are the parent's methods reached only from those instructions.
 */
final class StartJoinOrder {
    record Refined(CGNode m, int spawn, BitSet ordered, BitSet after, BitSet concurrentNodes) {
    }

    private final WalaProgram p;
    private final ThreadDiscovery d;
    private final ExecCount ex;
    final Map<Integer, Refined> refined = new HashMap<>();
    private final Map<Integer, List<Integer>> byParent = new HashMap<>();
    SpawnBefore before;
    private JoinAll joinAll;

    StartJoinOrder(WalaProgram p, ThreadDiscovery d, ExecCount ex) {
        this.p = p;
        this.d = d;
        this.ex = ex;
    }

    void run() {
        before = new SpawnBefore(p, d, ex);
        joinAll = new JoinAll(p, d, ex, before);
        joinAll.run();
        for (WalaThread t : d.threads) {
            if (t.id() == 0 || ex.multi[t.id()] || !ex.onceInstr(t.spawnNode(), t.spawn().iIndex())) {
                continue;
            }
            int parent = -1;
            int m = p.cg.getNumber(t.spawnNode());
            for (int q = 0; q < d.threads.size(); q++) {
                if (d.reach.get(q).get(m)) {
                    parent = parent == -1 ? q : -2;
                }
            }
            if (parent < 0) {
                continue;
            }
            Refined r = refine(t, parent);
            refined.put(t.id(), r);
            byParent.computeIfAbsent(parent, x -> new ArrayList<>()).add(t.id());
        }
    }

    /** Child threads of {@code thread} with which its execution of (n, iindex) is ordered. */
    BitSet orderedWith(int thread, CGNode n, int iindex) {
        BitSet out = before.before(thread, n, iindex);
        for (int t : joinAll.after.keySet()) {
            if (joinAll.isAfter(t, thread, n, iindex) || joinAll.isOrdered(t, thread, n)) {
                out.set(t);
            }
        }
        for (int child : byParent.getOrDefault(thread, List.of())) {
            Refined r = refined.get(child);
            boolean ordered = n.equals(r.m()) ? r.ordered().get(iindex) : !r.concurrentNodes().get(p.cg.getNumber(n));
            if (ordered) {
                out.set(child);
            }
        }
        return out;
    }

    /** Thread pairs that never overlap: spawned in the same node, one after the other's join. */
    List<int[]> orderedThreads() {
        List<int[]> out = new ArrayList<>();
        for (Refined a : refined.values()) {
            for (var eb : refined.entrySet()) {
                Refined b = eb.getValue();
                if (a != b && a.m().equals(b.m()) && a.after().get(b.spawn())) {
                    int ida = refined.entrySet().stream().filter(e -> e.getValue() == a).findFirst().get().getKey();
                    out.add(new int[] {ida, eb.getKey()});
                }
            }
        }
        return out;
    }

    private Refined refine(WalaThread t, int parent) {
        CGNode m = t.spawnNode();
        IR ir = m.getIR();
        SSACFG cfg = ir.getControlFlowGraph();
        SSAInstruction[] instrs = ir.getInstructions();
        int s = t.spawn().iIndex();
        ISSABasicBlock sb = cfg.getBlockForInstruction(s);
        BitSet forward = new BitSet();
        Deque<ISSABasicBlock> todo = new ArrayDeque<>();
        cfg.getSuccNodes(sb).forEachRemaining(todo::add);
        while (!todo.isEmpty()) {
            ISSABasicBlock b = todo.poll();
            if (!forward.get(b.getNumber())) {
                forward.set(b.getNumber());
                cfg.getSuccNodes(b).forEachRemaining(todo::add);
            }
        }
        List<Integer> joins = joins(t, m, instrs);
        BitSet notAfter = joins.isEmpty() ? null : reachableAvoiding(ir, joins, t.spawn());
        BitSet ordered = new BitSet();
        BitSet after = new BitSet();
        for (int i = 0; i < instrs.length; i++) {
            if (instrs[i] == null) {
                continue;
            }
            ISSABasicBlock b = cfg.getBlockForInstruction(i);
            boolean before = !forward.get(b.getNumber()) && !(b.equals(sb) && i > s);
            boolean isAfter = notAfter != null && !notAfter.get(b.getNumber());
            if (before || isAfter) {
                ordered.set(i);
            }
            if (isAfter) {
                after.set(i);
            }
        }
        return new Refined(m, s, ordered, after, concurrentNodes(parent, m, ir, ordered));
    }

    /**
     * The blocks reachable from the entry without a join's normal completion (an interrupted
     * join, its exception edge, orders nothing) and without the null branch of a test of the
     * spawn's receiver or result (the spawn dereferenced the one and made the other: try-with-
     * resources tests its executor for null before close()). The others run only after a join.
     */
    private static BitSet reachableAvoiding(IR ir, List<Integer> joins, SSAAbstractInvokeInstruction spawn) {
        SSACFG cfg = ir.getControlFlowGraph();
        BitSet joinBlocks = new BitSet();
        joins.forEach(j -> joinBlocks.set(cfg.getBlockForInstruction(j).getNumber()));
        BitSet seen = new BitSet();
        Deque<ISSABasicBlock> todo = new ArrayDeque<>();
        todo.add(cfg.entry());
        seen.set(cfg.entry().getNumber());
        while (!todo.isEmpty()) {
            ISSABasicBlock b = todo.poll();
            List<ISSABasicBlock> next = new ArrayList<>();
            if (joinBlocks.get(b.getNumber())) {
                next.addAll(cfg.getExceptionalSuccessors(b));
            } else {
                cfg.getSuccNodes(b).forEachRemaining(next::add);
                ISSABasicBlock dead = nullBranch(ir, b, spawn);
                next.remove(dead);
            }
            for (ISSABasicBlock n : next) {
                if (!seen.get(n.getNumber())) {
                    seen.set(n.getNumber());
                    todo.add(n);
                }
            }
        }
        return seen;
    }

    /** The successor of b taken when b tests the spawn's receiver or result for null, or null. */
    private static ISSABasicBlock nullBranch(IR ir, ISSABasicBlock b, SSAAbstractInvokeInstruction spawn) {
        if (b.getLastInstructionIndex() < 0
                || !(ir.getInstructions()[b.getLastInstructionIndex()] instanceof SSAConditionalBranchInstruction br)) {
            return null;
        }
        var syms = ir.getSymbolTable();
        int v = syms.isNullConstant(br.getUse(0)) ? br.getUse(1) : syms.isNullConstant(br.getUse(1)) ? br.getUse(0) : -1;
        boolean ours = v > 0 && ((!spawn.isStatic() && v == spawn.getReceiver()) || (spawn.hasDef() && v == spawn.getDef()));
        if (!ours) {
            return null;
        }
        SSACFG cfg = ir.getControlFlowGraph();
        if (br.getOperator() == IConditionalBranchInstruction.Operator.EQ) {
            return com.ibm.wala.cfg.Util.getTakenSuccessor(cfg, b);
        }
        if (br.getOperator() == IConditionalBranchInstruction.Operator.NE) {
            return com.ibm.wala.cfg.Util.getNotTakenSuccessor(cfg, b);
        }
        return null;
    }

    private List<Integer> joins(WalaThread t, CGNode m, SSAInstruction[] instrs) {
        List<Integer> out = new ArrayList<>();
        SSAAbstractInvokeInstruction s = t.spawn();
        if (t.kind() == SpawnKind.TASK_COLLECTION) {
            out.add(s.iIndex());
            return out;
        }
        for (int i = 0; i < instrs.length; i++) {
            if (!(instrs[i] instanceof SSAAbstractInvokeInstruction c) || c.isStatic()) {
                continue;
            }
            String name = c.getDeclaredTarget().getName().toString();
            String desc = c.getDeclaredTarget().getDescriptor().toString();
            if (t.kind() == SpawnKind.THREAD_START) {
                if (name.equals("join") && desc.equals("()V") && isThread(c.getDeclaredTarget().getDeclaringClass())
                        && (c.getReceiver() == s.getReceiver() || sameOnceObject(m, c.getReceiver(), t.object()))) {
                    out.add(i);
                }
            } else if (t.kind() == SpawnKind.THREAD_BUILDER) {
                if (name.equals("join") && desc.equals("()V") && isThread(c.getDeclaredTarget().getDeclaringClass())
                        && s.hasDef() && c.getReceiver() == s.getDef()) {
                    out.add(i);
                }
            } else if ((name.equals("get") || name.equals("join")) && desc.equals("()Ljava/lang/Object;")
                    && s.hasDef() && c.getReceiver() == s.getDef()) {
                out.add(i);
            } else if (name.equals("close") && desc.equals("()V") && !s.isStatic() && c.getReceiver() == s.getReceiver()
                    && isExecutorService(c.getDeclaredTarget().getDeclaringClass())) {
                // ExecutorService.close() (JDK 19+) returns once every task it was given has ended
                out.add(i);
            }
        }
        return out;
    }

    private boolean isThread(TypeReference t) {
        IClass k = p.cha.lookupClass(t);
        IClass thread = p.cha.lookupClass(TypeReference.JavaLangThread);
        return k != null && thread != null && p.cha.isSubclassOf(k, thread);
    }

    private boolean isExecutorService(TypeReference t) {
        IClass k = p.cha.lookupClass(t);
        IClass es = p.cha.lookupClass(TypeReference.findOrCreate(com.ibm.wala.types.ClassLoaderReference.Primordial,
                "Ljava/util/concurrent/ExecutorService"));
        return k != null && es != null && p.cha.isAssignableFrom(es, k);
    }

    private boolean sameOnceObject(CGNode m, int v, InstanceKey object) {
        OrdinalSet<InstanceKey> pts = p.pts(m, v);
        return pts.size() == 1 && pts.contains(object) && ex.onceAlloc(object);
    }

    /** The parent's nodes reachable when M only calls out from its concurrent instructions. */
    private BitSet concurrentNodes(int parent, CGNode m, IR ir, BitSet ordered) {
        BitSet seen = new BitSet();
        Deque<CGNode> todo = new ArrayDeque<>(d.threads.get(parent).entries());
        todo.forEach(e -> seen.set(p.cg.getNumber(e)));
        while (!todo.isEmpty()) {
            CGNode n = todo.poll();
            for (var it = n.iterateCallSites(); it.hasNext(); ) {
                CallSiteReference site = it.next();
                if (n.equals(m) && allOrdered(ir, site, ordered)) {
                    continue;
                }
                for (CGNode c : p.cg.getPossibleTargets(n, site)) {
                    if (!seen.get(p.cg.getNumber(c)) && SpawnKind.of(c) == SpawnKind.NONE) {
                        seen.set(p.cg.getNumber(c));
                        todo.add(c);
                    }
                }
            }
        }
        return seen;
    }

    private static boolean allOrdered(IR ir, CallSiteReference site, BitSet ordered) {
        var idx = ir.getCallInstructionIndices(site);
        if (idx == null) {
            return false;
        }
        for (var it = idx.intIterator(); it.hasNext(); ) {
            if (!ordered.get(it.next())) {
                return false;
            }
        }
        return true;
    }
}
