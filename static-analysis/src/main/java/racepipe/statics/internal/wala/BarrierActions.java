package racepipe.statics.internal.wala;

import com.ibm.wala.classLoader.CallSiteReference;
import com.ibm.wala.ipa.callgraph.CGNode;
import com.ibm.wala.ipa.callgraph.propagation.InstanceKey;
import com.ibm.wala.ssa.SSAAbstractInvokeInstruction;
import com.ibm.wala.ssa.SSAInstruction;
import com.ibm.wala.util.intset.OrdinalSet;
import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import racepipe.statics.internal.model.LockId;

/**
 * A CyclicBarrier's action runs under the barrier's own lock: {@code dowait} takes
 * {@code lock.lock()} before it calls {@code barrierCommand.run()} in the last party to arrive,
 * and releases it after. So two runs of the action of one barrier never overlap: accesses made
 * only inside it hold one lock, named {@code A:n} after the action object n.
 *
 * <p>Why the name is one runtime lock: the action object is the only receiver of the action call
 * that reaches its run(), and it is handed to a CyclicBarrier constructor at a single call site
 * that runs once, so it is the action of at most one barrier. Methods count only when every way
 * to them from any thread passes through that call (what is also called from elsewhere gets no
 * lock).
 */
final class BarrierActions {
    private static final String BARRIER = "Ljava/util/concurrent/CyclicBarrier";

    private BarrierActions() {
    }

    /** Nodes reached only from a serialised barrier action, with the lock that action holds. */
    static Map<CGNode, LockId> of(WalaProgram p, ExecCount ex) {
        Map<CGNode, LockId> out = new HashMap<>();
        Map<InstanceKey, Integer> actionSites = actionSites(p, ex);
        for (CGNode dowait : p.cg) {
            if (!isBarrier(dowait) || !dowait.getMethod().getName().toString().equals("dowait") || dowait.getIR() == null) {
                continue;
            }
            for (SSAInstruction ins : dowait.getIR().getInstructions()) {
                if (!(ins instanceof SSAAbstractInvokeInstruction call) || call.isStatic()
                        || !call.getDeclaredTarget().getSelector().equals(ThreadBodies.RUN)) {
                    continue;
                }
                for (CGNode run : p.cg.getPossibleTargets(dowait, call.getCallSite())) {
                    OrdinalSet<InstanceKey> recv = run.getIR() == null ? OrdinalSet.empty() : p.pts(run, 1);
                    if (recv.size() != 1) {
                        continue;
                    }
                    InstanceKey action = recv.iterator().next();
                    if (actionSites.getOrDefault(action, 0) != 1) {
                        continue;
                    }
                    LockId lock = new LockId("A:" + p.index(action), false);
                    for (CGNode n : onlyThrough(p, dowait, call.getCallSite(), run)) {
                        out.put(n, lock);
                    }
                }
            }
        }
        return out;
    }

    private static boolean isBarrier(CGNode n) {
        return n.getMethod().getDeclaringClass().getName().toString().equals(BARRIER);
    }

    /**
     * Action object -> how many CyclicBarrier(int, Runnable) call sites may get it (a site that
     * may run twice counts twice).
     */
    private static Map<InstanceKey, Integer> actionSites(WalaProgram p, ExecCount ex) {
        Map<InstanceKey, Integer> out = new HashMap<>();
        for (CGNode n : p.cg) {
            if (n.getIR() == null || isBarrier(n)) {
                continue; // the barrier's own delegating constructor passes its parameter on
            }
            SSAInstruction[] instrs = n.getIR().getInstructions();
            for (int i = 0; i < instrs.length; i++) {
                if (instrs[i] instanceof SSAAbstractInvokeInstruction call && call.getDeclaredTarget().isInit()
                        && call.getDeclaredTarget().getDeclaringClass().getName().toString().equals(BARRIER)
                        && call.getNumberOfUses() == 3) {
                    int weight = ex.onceInstr(n, i) ? 1 : 2;
                    for (InstanceKey ik : p.pts(n, call.getUse(2))) {
                        out.merge(ik, weight, Integer::sum);
                    }
                }
            }
        }
        return out;
    }

    /** The nodes (from run on) that no path from the fake root reaches without the edge caller/site -> run. */
    private static Set<CGNode> onlyThrough(WalaProgram p, CGNode caller, CallSiteReference site, CGNode run) {
        BitSet other = new BitSet();
        Deque<CGNode> todo = new ArrayDeque<>();
        todo.add(p.cg.getFakeRootNode());
        other.set(p.cg.getNumber(p.cg.getFakeRootNode()));
        while (!todo.isEmpty()) {
            CGNode n = todo.poll();
            for (var it = n.iterateCallSites(); it.hasNext(); ) {
                CallSiteReference s = it.next();
                for (CGNode c : p.cg.getPossibleTargets(n, s)) {
                    if (n.equals(caller) && s.equals(site) && c.equals(run)) {
                        continue;
                    }
                    if (!other.get(p.cg.getNumber(c))) {
                        other.set(p.cg.getNumber(c));
                        todo.add(c);
                    }
                }
            }
        }
        Set<CGNode> out = new HashSet<>();
        Deque<CGNode> from = new ArrayDeque<>();
        from.add(run);
        while (!from.isEmpty()) {
            CGNode n = from.poll();
            if (other.get(p.cg.getNumber(n)) || !out.add(n)) {
                continue;
            }
            p.cg.getSuccNodes(n).forEachRemaining(from::add);
        }
        return out;
    }
}
