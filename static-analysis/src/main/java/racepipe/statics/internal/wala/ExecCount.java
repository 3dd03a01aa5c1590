package racepipe.statics.internal.wala;

import com.ibm.wala.classLoader.CallSiteReference;
import com.ibm.wala.ipa.callgraph.CGNode;
import com.ibm.wala.ipa.callgraph.propagation.AllocationSiteInNode;
import com.ibm.wala.ipa.callgraph.propagation.InstanceKey;
import com.ibm.wala.ssa.IR;
import com.ibm.wala.ssa.SSACFG;
import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import racepipe.statics.internal.LoopNodes;

/**
 * How many times each node may run in the whole program: 0, 1 or 2 (= many), counting call
 * sites in loops, recursion and the instances of each thread. An object is "allocated once" when
 * its site runs once; a thread is multi-instance unless its object is allocated once or its
 * spawn call runs once. The two depend on each other: iterate until the thread kinds settle.
 */
final class ExecCount {
    private final WalaProgram p;
    private final ThreadDiscovery d;
    private final Map<CGNode, BitSet> loops = new HashMap<>();
    private int[] count;
    boolean[] multi;

    ExecCount(WalaProgram p, ThreadDiscovery d) {
        this.p = p;
        this.d = d;
    }

    void run() {
        multi = new boolean[d.threads.size()];
        boolean changed = true;
        while (changed) {
            counts();
            changed = false;
            for (WalaThread t : d.threads) {
                if (t.id() == 0 || multi[t.id()]) {
                    continue;
                }
                boolean single = onceInstr(t.spawnNode(), t.spawn().iIndex())
                        || (t.kind() == SpawnKind.THREAD_START && onceAlloc(t.object()));
                if (!single) {
                    multi[t.id()] = true;
                    changed = true;
                }
            }
        }
    }

    int count(CGNode n) {
        return count[p.cg.getNumber(n)];
    }

    boolean onceInstr(CGNode n, int iindex) {
        return count(n) == 1 && !inLoop(n, iindex);
    }

    boolean onceAlloc(InstanceKey ik) {
        if (!(ik instanceof AllocationSiteInNode a) || a.getNode().getIR() == null) {
            return false;
        }
        int idx = a.getNode().getIR().getNewInstructionIndex(a.getSite());
        return idx >= 0 && onceInstr(a.getNode(), idx);
    }

    boolean inLoop(CGNode n, int iindex) {
        IR ir = n.getIR();
        if (ir == null) {
            return false;
        }
        SSACFG cfg = ir.getControlFlowGraph();
        return loops(n).get(cfg.getBlockForInstruction(iindex).getNumber());
    }

    BitSet loops(CGNode n) {
        return loops.computeIfAbsent(n, x -> {
            SSACFG cfg = x.getIR().getControlFlowGraph();
            return LoopNodes.of(cfg.getNumberOfNodes(), i -> toArray(cfg.getSuccNodeNumbers(cfg.getNode(i))));
        });
    }

    private static int[] toArray(com.ibm.wala.util.intset.IntSet s) {
        int[] out = new int[s.size()];
        var it = s.intIterator();
        for (int i = 0; it.hasNext(); i++) {
            out[i] = it.next();
        }
        return out;
    }

    private void counts() {
        int max = p.cg.getMaxNumber() + 1;
        count = new int[max];
        int[] acc = new int[max];
        Deque<CGNode> todo = new ArrayDeque<>();
        add(acc, todo, p.cg.getFakeRootNode(), 1);
        for (WalaThread t : d.threads) {
            if (t.id() > 0) {
                t.entries().forEach(e -> add(acc, todo, e, multi[t.id()] ? 2 : 1));
            }
        }
        int[] sent = new int[max];
        while (!todo.isEmpty()) {
            CGNode n = todo.poll();
            int num = p.cg.getNumber(n);
            int c = count[num];
            int old = sent[num];
            if (c == old) {
                continue;
            }
            sent[num] = c;
            for (var it = n.iterateCallSites(); it.hasNext(); ) {
                CallSiteReference site = it.next();
                boolean loop = siteInLoop(n, site);
                int delta = weight(c, loop) - weight(old, loop);
                for (CGNode t : p.cg.getPossibleTargets(n, site)) {
                    if (SpawnKind.of(t) == SpawnKind.NONE) {
                        add(acc, todo, t, delta);
                    }
                }
            }
        }
    }

    private static int weight(int c, boolean loop) {
        return Math.min(2, loop ? 2 * c : c);
    }

    private boolean siteInLoop(CGNode n, CallSiteReference site) {
        IR ir = n.getIR();
        if (ir == null) {
            return false;
        }
        var idx = ir.getCallInstructionIndices(site);
        if (idx == null) {
            return true; // a call the IR does not show (synthetic): assume the worst
        }
        for (var it = idx.intIterator(); it.hasNext(); ) {
            if (inLoop(n, it.next())) {
                return true;
            }
        }
        return false;
    }

    private void add(int[] acc, Deque<CGNode> todo, CGNode t, int delta) {
        int num = p.cg.getNumber(t);
        acc[num] = Math.min(2, acc[num] + delta);
        if (acc[num] > count[num]) {
            count[num] = acc[num];
            todo.add(t);
        }
    }
}
