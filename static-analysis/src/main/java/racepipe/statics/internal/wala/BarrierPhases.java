package racepipe.statics.internal.wala;

import com.ibm.wala.classLoader.IField;
import com.ibm.wala.ipa.callgraph.CGNode;
import com.ibm.wala.ipa.callgraph.propagation.AllocationSiteInNode;
import com.ibm.wala.ipa.callgraph.propagation.InstanceKey;
import com.ibm.wala.ssa.IR;
import com.ibm.wala.ssa.ISSABasicBlock;
import com.ibm.wala.ssa.SSAAbstractInvokeInstruction;
import com.ibm.wala.ssa.SSAArrayLengthInstruction;
import com.ibm.wala.ssa.SSACFG;
import com.ibm.wala.ssa.SSAConditionalBranchInstruction;
import com.ibm.wala.ssa.SSAInstruction;
import com.ibm.wala.ssa.SSAPutInstruction;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Barrier phases (May-Happen-in-Parallel with phases, as X10's and Habanero's analyses do): the
 * instances of a thread that meet at a barrier of as many parties as there are instances. An
 * instruction's phase is the number of awaits its thread completed before it, modulo a period M;
 * two instances' accesses whose phases differ are ordered.
 *
 * <p>Barriers: {@code CyclicBarrier.await()} and a hand-written monitor barrier of verified shape
 * ({@link MonitorBarrier}); the barrier is one runtime object (allocated once) built with a
 * constant number of parties P. Participants: every await on it anywhere is in the entry (run())
 * of one multi-instance thread T that nothing else calls, and T's thread object is allocated at
 * most P times (a counting loop with a constant bound in a method that runs once).
 *
 * <p>Why it is sound: with at most P instances and P parties, a trip needs every instance, and an
 * instance blocked in await cannot arrive twice, so each trip has exactly one arrival per
 * instance: an instance's k-th await completes at the barrier's k-th trip, and what any party
 * does before its k-th await happens before what any party does after it. The phase comes from
 * a dataflow over run()'s control-flow graph (the entry has 0, a completed await adds 1, an
 * await's exceptional edge and any merge of two different counts give "unknown"), so an
 * instruction with phase c runs only after exactly c' awaits, c' = c mod M. Two accesses whose
 * exact counts differ, c1' < c2', are ordered: the first precedes its thread's await c1' + 1,
 * the second follows the other thread's await c2' >= c1' + 1. Phases that differ modulo M have
 * different exact counts. A method called from run() has the phase of its call sites when they
 * all agree (and every caller inside T is run() or such a method), else none.
 */
final class BarrierPhases {
    private static final int UNSET = -1;
    private static final int TOP = -2;
    private static final int CONFLICT = Integer.MIN_VALUE;

    private final WalaProgram p;
    private final ThreadDiscovery d;
    private final ExecCount ex;
    private final Map<CGNode, IField> monitorBarriers = new HashMap<>();
    /** Per thread: the phase of each instruction of its entry, and of each other node it runs. */
    private final Map<Integer, int[]> entryPhases = new HashMap<>();
    private final Map<Integer, CGNode> entries = new HashMap<>();
    private final Map<Integer, Map<CGNode, Integer>> nodePhases = new HashMap<>();
    /** Per thread: the period of its phases. */
    final Map<Integer, Integer> period = new HashMap<>();
    private final Map<Integer, List<Integer>> awaitSites = new HashMap<>();
    private final Map<String, Integer> exactLoops = new HashMap<>();

    /** The entry node of thread t when its phases are known, else null. */
    CGNode entry(int t) {
        return entries.get(t);
    }

    /**
     * The counter of the loop of thread t's entry that instruction i lies in, when that loop is
     * exact: it is entered after the same number c0 of awaits on every way, every way around it
     * completes exactly one period M of awaits, and its counter k = phi(start, k + 1) goes up by
     * one per way around. An instruction in it with phase r then runs in the iteration with
     * counter k after exactly c0 + M*(k - start) + d awaits, d in [0, M) fixed by r: two
     * instances in one barrier episode at phase r are in iterations with the same counter.
     * Returns the counter's value number, or -1.
     */
    int exactLoopCounter(int t, int i) {
        CGNode e = entries.get(t);
        if (e == null) {
            return -1;
        }
        SSACFG cfg = e.getIR().getControlFlowGraph();
        ISSABasicBlock at = cfg.getBlockForInstruction(i);
        for (var it = e.getIR().iteratePhis(); it.hasNext(); ) {
            if (!(it.next() instanceof com.ibm.wala.ssa.SSAPhiInstruction phi)) {
                continue;
            }
            ISSABasicBlock header = e.getIR().getBasicBlockForInstruction(phi);
            if (inLoop(cfg, header, at)
                    && exactLoops.computeIfAbsent(t + ":" + phi.getDef(), x -> exact(t, e, header, phi) ? 1 : 0) == 1) {
                return phi.getDef();
            }
        }
        return -1;
    }

    private static boolean inLoop(SSACFG cfg, ISSABasicBlock header, ISSABasicBlock b) {
        return CountingLoops.reaches(cfg, header, b, null) && CountingLoops.reaches(cfg, b, header, null)
                && (b.equals(header) || !CountingLoops.reaches(cfg, cfg.entry(), b, header));
    }

    private boolean exact(int t, CGNode e, ISSABasicBlock header, com.ibm.wala.ssa.SSAPhiInstruction phi) {
        SSACFG cfg = e.getIR().getControlFlowGraph();
        if (phi.getNumberOfUses() != 2 || cfg.getPredNodeCount(header) != 2) {
            return false;
        }
        int k = phi.getDef();
        boolean plusOne = false;
        for (int u = 0; u < 2; u++) {
            plusOne |= e.getDU().getDef(phi.getUse(u)) instanceof com.ibm.wala.ssa.SSABinaryOpInstruction inc
                    && inc.getOperator() == com.ibm.wala.shrike.shrikeBT.IBinaryOpInstruction.Operator.ADD
                    && CountingLoops.isPlusOne(e, inc, k);
        }
        if (!plusOne) {
            return false;
        }
        for (var it = cfg.getPredNodes(header); it.hasNext(); ) {
            ISSABasicBlock pred = it.next();
            if (!CountingLoops.reaches(cfg, header, pred, null)) {
                // the way in: the loop is entered once per run (its counter never restarts)
                if (reachesAgain(cfg, pred)) {
                    return false;
                }
            }
        }
        long ways = 0;
        for (var it = cfg.getPredNodes(header); it.hasNext(); ) {
            if (!CountingLoops.reaches(cfg, header, it.next(), null)) {
                ways++;
            }
        }
        if (ways != 1) {
            return false;
        }
        Set<Integer> awaitAt = new HashSet<>(awaitSites.get(t));
        // exact counts: from the entry up to the header (not through it), and from the header around
        Integer before = exactCounts(cfg, cfg.entry(), header, awaitAt);
        Integer around = exactCounts(cfg, header, header, awaitAt);
        return before != null && around != null && around == period.get(t);
    }

    /**
     * The one exact number of awaits with which every way from {@code from} reaches {@code to}
     * (entering it, not passing it), or null when two ways differ or a cycle avoiding
     * {@code to} completes an await. Exceptional edges count too, without the throwing await.
     */
    private static boolean reachesAgain(SSACFG cfg, ISSABasicBlock b) {
        for (var it = cfg.getSuccNodes(b); it.hasNext(); ) {
            if (CountingLoops.reaches(cfg, it.next(), b, null)) {
                return true;
            }
        }
        return false;
    }

    private Integer exactCounts(SSACFG cfg, ISSABasicBlock from, ISSABasicBlock to, Set<Integer> awaitAt) {
        int start = 0;
        Map<Integer, Integer> in = new HashMap<>();
        Deque<ISSABasicBlock> todo = new ArrayDeque<>();
        in.put(from.getNumber(), start);
        todo.add(from);
        Integer arrived = null;
        int steps = 0;
        while (!todo.isEmpty()) {
            if (++steps > 10_000) {
                return null;
            }
            ISSABasicBlock b = todo.poll();
            int v0 = in.get(b.getNumber());
            int v = v0;
            for (int i = b.getFirstInstructionIndex(); i <= b.getLastInstructionIndex() && i >= 0; i++) {
                if (awaitAt.contains(i) && v != CONFLICT) {
                    v++;
                }
            }
            List<Object[]> next = new ArrayList<>();
            cfg.getNormalSuccessors(b).forEach(x -> next.add(new Object[] {x, null}));
            cfg.getExceptionalSuccessors(b).forEach(x -> next.add(new Object[] {x, Boolean.TRUE}));
            for (Object[] o : next) {
                ISSABasicBlock s = (ISSABasicBlock) o[0];
                int v1 = o[1] == null ? v : v0;
                if (s.equals(cfg.exit())) {
                    continue;
                }
                if (s.equals(to)) {
                    if (v1 == CONFLICT || arrived != null && arrived != v1) {
                        return null;
                    }
                    arrived = v1;
                    continue;
                }
                // ways that disagree only matter if they lead on to the target
                Integer old = in.get(s.getNumber());
                if (old == null) {
                    in.put(s.getNumber(), v1);
                    todo.add(s);
                } else if (old != v1 && old != CONFLICT) {
                    in.put(s.getNumber(), CONFLICT);
                    todo.add(s);
                }
            }
        }
        return arrived;
    }


    BarrierPhases(WalaProgram p, ThreadDiscovery d, ExecCount ex) {
        this.p = p;
        this.d = d;
        this.ex = ex;
    }

    /** The phase of thread t's runs of (n, iindex), or -1 when unknown. */
    int phase(int t, CGNode n, int iindex) {
        CGNode e = entries.get(t);
        if (e == null) {
            return -1;
        }
        if (n.equals(e)) {
            int v = entryPhases.get(t)[iindex];
            return v >= 0 ? v : -1;
        }
        Integer v = nodePhases.get(t).get(n);
        return v == null || v < 0 ? -1 : v;
    }

    void run() {
        Map<InstanceKey, List<Object[]>> awaits = new HashMap<>();
        for (CGNode n : p.cg) {
            if (n.getIR() == null || !WalaProgram.isApp(n)) {
                continue;
            }
            for (SSAInstruction ins : n.getIR().getInstructions()) {
                if (ins instanceof SSAAbstractInvokeInstruction call && !call.isStatic() && isAwait(n, call)) {
                    for (InstanceKey b : p.pts(n, call.getReceiver())) {
                        awaits.computeIfAbsent(b, x -> new ArrayList<>()).add(new Object[] {n, call});
                    }
                }
            }
        }
        for (var e : awaits.entrySet()) {
            barrier(e.getKey(), e.getValue());
        }
    }

    private void barrier(InstanceKey b, List<Object[]> calls) {
        if (!ex.onceAlloc(b)) {
            return;
        }
        CGNode entry = null;
        List<Integer> sites = new ArrayList<>();
        for (Object[] c : calls) {
            CGNode n = (CGNode) c[0];
            SSAAbstractInvokeInstruction call = (SSAAbstractInvokeInstruction) c[1];
            if (entry != null && !entry.equals(n) || p.pts(n, call.getReceiver()).size() != 1) {
                return;
            }
            entry = n;
            sites.add(call.iIndex());
        }
        int t = d.onlyThreadReaching(entry);
        if (t <= 0 || !ex.multi[t] || entries.containsKey(t)) {
            return;
        }
        WalaThread th = d.threads.get(t);
        if (th.kind() != SpawnKind.THREAD_START || th.entries().size() != 1 || !th.entries().contains(entry)
                || calledWithin(entry, t)) {
            return;
        }
        int parties = parties(b);
        int instances = instances(th);
        if (parties <= 0 || instances < 0 || instances > parties) {
            return;
        }
        for (int m = sites.size(); m >= 1; m--) {
            int[] ph = dataflow(entry, sites, m);
            boolean all = sites.stream().allMatch(s -> ph[s] >= 0);
            if (all) {
                awaitSites.put(t, sites);
                entries.put(t, entry);
                entryPhases.put(t, ph);
                period.put(t, m);
                nodePhases.put(t, callees(t, entry, ph));
                return;
            }
        }
    }

    private boolean calledWithin(CGNode n, int t) {
        for (Iterator<CGNode> it = p.cg.getPredNodes(n); it.hasNext(); ) {
            if (d.reach.get(t).get(p.cg.getNumber(it.next()))) {
                return true;
            }
        }
        return false;
    }

    private boolean isAwait(CGNode n, SSAAbstractInvokeInstruction call) {
        var target = call.getDeclaredTarget();
        if (target.getDeclaringClass().getName().toString().equals("Ljava/util/concurrent/CyclicBarrier")) {
            return target.getName().toString().equals("await") && target.getDescriptor().toString().equals("()I");
        }
        Set<CGNode> ts = p.cg.getPossibleTargets(n, call.getCallSite());
        return ts.size() == 1 && monitorBarrier(ts.iterator().next()) != null;
    }

    private IField monitorBarrier(CGNode n) {
        return monitorBarriers.computeIfAbsent(n, x -> MonitorBarrier.parties(p, x));
    }

    /** The constant number of parties barrier b is built with, or -1. */
    private int parties(InstanceKey b) {
        if (!(b instanceof AllocationSiteInNode a) || a.getNode().getIR() == null) {
            return -1;
        }
        CGNode an = a.getNode();
        IR ir = an.getIR();
        var alloc = ir.getNew(a.getSite());
        if (alloc == null) {
            return -1;
        }
        SSAAbstractInvokeInstruction init = null;
        for (Iterator<SSAInstruction> it = an.getDU().getUses(alloc.getDef()); it.hasNext(); ) {
            if (it.next() instanceof SSAAbstractInvokeInstruction c && c.getDeclaredTarget().isInit()
                    && !c.isStatic() && c.getReceiver() == alloc.getDef()) {
                if (init != null) {
                    return -1;
                }
                init = c;
            }
        }
        if (init == null) {
            return -1;
        }
        var st = ir.getSymbolTable();
        String type = b.getConcreteType().getName().toString();
        if (type.equals("Ljava/util/concurrent/CyclicBarrier")) {
            return init.getNumberOfUses() > 1 && st.isIntegerConstant(init.getUse(1)) ? st.getIntValue(init.getUse(1)) : -1;
        }
        // a monitor barrier: the constructor stores a parameter into the parties field
        Set<CGNode> ctors = p.cg.getPossibleTargets(an, init.getCallSite());
        IField pf = null;
        for (CGNode n : p.cg) {
            IField f = n.getIR() != null && n.getMethod().getDeclaringClass().equals(b.getConcreteType()) ? monitorBarrier(n) : null;
            if (f != null) {
                pf = f;
            }
        }
        if (pf == null || ctors.size() != 1) {
            return -1;
        }
        CGNode ctor = ctors.iterator().next();
        int value = -1;
        for (SSAInstruction ins : ctor.getIR().getInstructions()) {
            if (ins instanceof SSAPutInstruction put && pf.equals(p.field(put.getDeclaredField()))) {
                int v = put.getVal();
                if (value != -1 || put.getRef() != 1 || v <= 1 || v > ctor.getIR().getNumberOfParameters()) {
                    return -1;
                }
                value = v;
            }
        }
        if (value < 0) {
            return -1;
        }
        int arg = init.getUse(value - 1);
        return st.isIntegerConstant(arg) ? st.getIntValue(arg) : -1;
    }

    /** How many instances thread th can have at most: runs of its thread object's allocation, or -1. */
    private int instances(WalaThread th) {
        if (!(th.object() instanceof AllocationSiteInNode a) || a.getNode().getIR() == null || ex.count(a.getNode()) != 1) {
            return -1;
        }
        CGNode m = a.getNode();
        int s = m.getIR().getNewInstructionIndex(a.getSite());
        if (s < 0) {
            return -1;
        }
        return CountingLoops.runsAtMost(m, s, ex.inLoop(m, s), k -> lengthOf(m, k));
    }

    private Integer lengthOf(CGNode m, int v) {
        if (!(m.getDU().getDef(v) instanceof SSAArrayLengthInstruction len)) {
            return null;
        }
        Integer out = null;
        for (InstanceKey ik : p.pts(m, len.getArrayRef())) {
            Integer l = CountingLoops.constLength(ik);
            if (l == null) {
                return null;
            }
            out = out == null ? l : Math.max(out, l);
        }
        return out;
    }

    /** Awaits completed before each instruction of the entry, modulo m (TOP: unknown, UNSET: unreached). */
    private int[] dataflow(CGNode entry, List<Integer> sites, int m) {
        IR ir = entry.getIR();
        SSACFG cfg = ir.getControlFlowGraph();
        Set<Integer> awaitAt = new HashSet<>(sites);
        int[] in = new int[cfg.getMaxNumber() + 1];
        Arrays.fill(in, UNSET);
        in[cfg.entry().getNumber()] = 0;
        Deque<ISSABasicBlock> todo = new ArrayDeque<>();
        todo.add(cfg.entry());
        int[] out = new int[ir.getInstructions().length];
        Arrays.fill(out, UNSET);
        while (!todo.isEmpty()) {
            ISSABasicBlock b = todo.poll();
            int v = in[b.getNumber()];
            boolean awaits = false;
            for (int i = b.getFirstInstructionIndex(); i <= b.getLastInstructionIndex() && i >= 0; i++) {
                out[i] = v;
                if (awaitAt.contains(i)) {
                    awaits = true;
                    v = v == TOP ? TOP : (v + 1) % m;
                }
            }
            for (ISSABasicBlock s : cfg.getNormalSuccessors(b)) {
                flow(in, s, v, todo);
            }
            for (ISSABasicBlock s : cfg.getExceptionalSuccessors(b)) {
                flow(in, s, awaits ? TOP : in[b.getNumber()], todo);
            }
        }
        return out;
    }

    private static void flow(int[] in, ISSABasicBlock s, int v, Deque<ISSABasicBlock> todo) {
        int old = in[s.getNumber()];
        int now = old == UNSET ? v : old == v ? old : TOP;
        if (now != old) {
            in[s.getNumber()] = now;
            todo.add(s);
        }
    }

    /** The phase of each node thread t runs from its entry: that of all its call sites, when they agree. */
    private Map<CGNode, Integer> callees(int t, CGNode entry, int[] entryPhase) {
        Map<CGNode, Integer> out = new HashMap<>();
        var reach = d.reach.get(t);
        List<CGNode> nodes = new ArrayList<>();
        for (CGNode n : p.cg) {
            if (!n.equals(entry) && reach.get(p.cg.getNumber(n))) {
                nodes.add(n);
            }
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            for (CGNode n : nodes) {
                if (out.containsKey(n)) {
                    continue;
                }
                Integer v = null;
                boolean ready = true;
                for (Iterator<CGNode> it = p.cg.getPredNodes(n); it.hasNext() && ready; ) {
                    CGNode c = it.next();
                    if (!reach.get(p.cg.getNumber(c))) {
                        continue;
                    }
                    List<Integer> at = new ArrayList<>();
                    if (c.equals(entry)) {
                        for (var sites = p.cg.getPossibleSites(c, n); sites.hasNext(); ) {
                            for (SSAAbstractInvokeInstruction call : WalaSites.calls(c.getIR(), sites.next())) {
                                at.add(entryPhase[call.iIndex()]);
                            }
                        }
                    } else if (out.containsKey(c)) {
                        at.add(out.get(c));
                    } else {
                        ready = false;
                    }
                    for (int x : at) {
                        v = v == null ? Integer.valueOf(x) : v == x ? v : Integer.valueOf(TOP);
                    }
                }
                if (ready) {
                    out.put(n, v == null || v < 0 ? TOP : v);
                    changed = true;
                }
            }
        }
        return out;
    }
}
