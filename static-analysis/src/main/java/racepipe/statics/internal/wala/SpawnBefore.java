package racepipe.statics.internal.wala;

import com.ibm.wala.classLoader.CallSiteReference;
import com.ibm.wala.ipa.callgraph.CGNode;
import com.ibm.wala.ssa.IR;
import com.ibm.wala.ssa.ISSABasicBlock;
import com.ibm.wala.ssa.SSAAbstractInvokeInstruction;
import com.ibm.wala.ssa.SSACFG;
import com.ibm.wala.ssa.SSAInstruction;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The start half of the parallel stage, for every thread kind (one or many instances, spawned
 * by main or by another thread): an instruction that a single-instance thread P runs is ordered
 * before every instance of T when it can run only before P's spawns of T, and before those of
 * every other thread that spawns T.
 *
 * <p>Why it is sound: "after" is everything P may run once a spawn of T ran: in the spawn's
 * method, the instructions reachable from the spawn in its control-flow graph (a spawn in a loop
 * reaches itself), whatever those call, and, since the method returns to each of its callers,
 * the rest of every caller from its call site on, up to P's entries. An instruction outside that
 * set runs, in P's one instance, only before any spawn of T by P, and start() / submit() orders
 * what the spawner did before it with everything the new thread does. A spawner Q other than P
 * must itself be a thread all of whose instances start after the instruction (then so do its
 * spawns): the greatest set closed under that rule is sound by induction on start time (the
 * first instance of T to start was spawned by an instance of Q that started earlier), which also
 * covers threads that spawn themselves (recursive fork/join).
 */
final class SpawnBefore {
    private final WalaProgram p;
    private final ThreadDiscovery d;
    private final ExecCount ex;
    /** T -> the threads that reach T's spawn node (those that may spawn it). */
    private final List<BitSet> spawners = new ArrayList<>();
    private final Map<Long, After> after = new HashMap<>();
    private final Map<String, BitSet> closed = new HashMap<>();

    /** What P may run after one of its spawns of T: whole nodes, and instructions of others. */
    record After(BitSet nodes, Map<CGNode, BitSet> instrs) {
        boolean has(WalaProgram p, CGNode n, int iindex) {
            BitSet b = instrs.get(n);
            return nodes.get(p.cg.getNumber(n)) || (b != null && b.get(iindex));
        }
    }

    SpawnBefore(WalaProgram p, ThreadDiscovery d, ExecCount ex) {
        this.p = p;
        this.d = d;
        this.ex = ex;
        for (WalaThread t : d.threads) {
            BitSet s = new BitSet();
            if (t.id() > 0) {
                int m = p.cg.getNumber(t.spawnNode());
                for (int q = 0; q < d.threads.size(); q++) {
                    if (d.reach.get(q).get(m)) {
                        s.set(q);
                    }
                }
            }
            spawners.add(s);
        }
    }

    /** The threads every instance of which starts after thread {@code thread}'s run of (n, iindex). */
    BitSet before(int thread, CGNode n, int iindex) {
        BitSet direct = new BitSet();
        if (thread > 0 && ex.multi[thread]) {
            return direct;
        }
        for (int t = 1; t < d.threads.size(); t++) {
            if (spawners.get(t).get(thread) && !after(thread, t).has(p, n, iindex)) {
                direct.set(t);
            }
        }
        return closed.computeIfAbsent(thread + ":" + direct, k -> close(thread, direct)).get(0, d.threads.size());
    }

    /** The greatest set B of threads whose every spawner is P spawning before (direct) or in B. */
    private BitSet close(int thread, BitSet direct) {
        BitSet b = new BitSet();
        b.set(1, d.threads.size());
        b.clear(thread);
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int t = b.nextSetBit(0); t >= 0; t = b.nextSetBit(t + 1)) {
                BitSet s = spawners.get(t);
                for (int q = s.nextSetBit(0); q >= 0; q = s.nextSetBit(q + 1)) {
                    if (q == thread ? !direct.get(t) : !b.get(q)) {
                        b.clear(t);
                        changed = true;
                        break;
                    }
                }
            }
        }
        return b;
    }

    /** Thread {@code thread}'s run of (n, iindex) may come after one of its spawns of T. */
    boolean mayRunAfterSpawn(int thread, int t, CGNode n, int iindex) {
        return after(thread, t).has(p, n, iindex);
    }

    private After after(int thread, int t) {
        return after.computeIfAbsent(((long) thread << 32) | t,
                k -> afterPoint(thread, d.threads.get(t).spawnNode(), d.threads.get(t).spawn().iIndex()));
    }

    /** What thread may run after its execution of (m, iindex) (see the class comment). */
    After afterPoint(int thread, CGNode m, int iindex) {
        BitSet reach = d.reach.get(thread);
        After a = new After(new BitSet(), new HashMap<>());
        Deque<CGNode> whole = new ArrayDeque<>();
        forward(m, iindex, a, reach, whole);
        Deque<CGNode> returns = new ArrayDeque<>();
        BitSet returned = new BitSet();
        returns.add(m);
        returned.set(p.cg.getNumber(m));
        while (!returns.isEmpty()) {
            CGNode x = returns.poll();
            for (var it = p.cg.getPredNodes(x); it.hasNext(); ) {
                CGNode c = it.next();
                if (!reach.get(p.cg.getNumber(c)) || c.getIR() == null) {
                    continue;
                }
                for (var sites = p.cg.getPossibleSites(c, x); sites.hasNext(); ) {
                    CallSiteReference site = sites.next();
                    for (SSAAbstractInvokeInstruction call : WalaSites.calls(c.getIR(), site)) {
                        forward(c, call.iIndex(), a, reach, whole);
                    }
                }
                if (!returned.get(p.cg.getNumber(c))) {
                    returned.set(p.cg.getNumber(c));
                    returns.add(c);
                }
            }
        }
        while (!whole.isEmpty()) {
            CGNode w = whole.poll();
            for (var it = p.cg.getSuccNodes(w); it.hasNext(); ) {
                addWhole(it.next(), a, reach, whole);
            }
        }
        return a;
    }

    /** Marks the instructions of n that may run after (n, iindex), and the nodes they call. */
    private void forward(CGNode n, int iindex, After a, BitSet reach, Deque<CGNode> whole) {
        IR ir = n.getIR();
        if (ir == null) {
            return;
        }
        SSACFG cfg = ir.getControlFlowGraph();
        SSAInstruction[] instrs = ir.getInstructions();
        BitSet marked = a.instrs().computeIfAbsent(n, x -> new BitSet());
        ISSABasicBlock start = cfg.getBlockForInstruction(iindex);
        for (int i = iindex + 1; i <= start.getLastInstructionIndex(); i++) {
            mark(n, i, instrs, marked, a, reach, whole);
        }
        BitSet seen = new BitSet();
        Deque<ISSABasicBlock> todo = new ArrayDeque<>();
        cfg.getSuccNodes(start).forEachRemaining(todo::add);
        while (!todo.isEmpty()) {
            ISSABasicBlock b = todo.poll();
            if (seen.get(b.getNumber())) {
                continue;
            }
            seen.set(b.getNumber());
            for (int i = b.getFirstInstructionIndex(); i <= b.getLastInstructionIndex() && i >= 0; i++) {
                mark(n, i, instrs, marked, a, reach, whole);
            }
            cfg.getSuccNodes(b).forEachRemaining(todo::add);
        }
    }

    private void mark(CGNode n, int i, SSAInstruction[] instrs, BitSet marked, After a, BitSet reach,
                      Deque<CGNode> whole) {
        if (marked.get(i)) {
            return;
        }
        marked.set(i);
        if (instrs[i] instanceof SSAAbstractInvokeInstruction call) {
            for (CGNode c : p.cg.getPossibleTargets(n, call.getCallSite())) {
                addWhole(c, a, reach, whole);
            }
        }
    }

    private void addWhole(CGNode c, After a, BitSet reach, Deque<CGNode> whole) {
        int num = p.cg.getNumber(c);
        if (SpawnKind.of(c) == SpawnKind.NONE && reach.get(num) && !a.nodes().get(num)) {
            a.nodes().set(num);
            whole.add(c);
        }
    }
}
