package racepipe.statics.internal.wala;

import com.ibm.wala.classLoader.CallSiteReference;
import com.ibm.wala.classLoader.IMethod;
import com.ibm.wala.ipa.callgraph.CGNode;
import com.ibm.wala.ipa.callgraph.propagation.InstanceKey;
import com.ibm.wala.ssa.SSAAbstractInvokeInstruction;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Abstract threads and what each reaches. Main reaches from the fake root; every spawn call it
 * meets (Thread.start, executor task hand-over) is cut and becomes new threads, one per thread or
 * task object, whose bodies are searched the same way until no new thread appears.
 */
final class ThreadDiscovery {
    private final WalaProgram p;
    private final ThreadBodies bodies;
    final List<WalaThread> threads = new ArrayList<>();
    final List<BitSet> reach = new ArrayList<>();
    /** Spawn sites met, per node: the call sites whose targets hand work to another thread. */
    final Map<CGNode, Map<CallSiteReference, SpawnKind>> spawnSites = new HashMap<>();
    int unresolvedBodies;

    ThreadDiscovery(WalaProgram p) {
        this.p = p;
        this.bodies = new ThreadBodies(p);
    }

    void run() {
        threads.add(new WalaThread(0, SpawnKind.NONE, null, null, null, Set.of(),
                Set.of(p.cg.getFakeRootNode()), "main"));
        Set<String> made = new HashSet<>();
        for (int t = 0; t < threads.size(); t++) {
            Set<CGNode> spawnersMet = new LinkedHashSet<>();
            reach.add(reachFrom(threads.get(t).entries(), spawnersMet));
            for (CGNode n : spawnersMet) {
                for (Map.Entry<CallSiteReference, SpawnKind> e : spawnSites.get(n).entrySet()) {
                    for (SSAAbstractInvokeInstruction call : WalaSites.calls(n.getIR(), e.getKey())) {
                        String key = p.cg.getNumber(n) + ":" + call.iIndex();
                        if (made.add(key)) {
                            addThreads(n, call, e.getValue());
                        }
                    }
                }
            }
        }
    }

    /** The one abstract thread that reaches node n, or -1 when none or several do. */
    int onlyThreadReaching(CGNode n) {
        int num = p.cg.getNumber(n);
        int only = -1;
        for (int q = 0; q < threads.size(); q++) {
            if (reach.get(q).get(num)) {
                if (only >= 0) {
                    return -1;
                }
                only = q;
            }
        }
        return only;
    }

    /** Nodes reachable from the entries without entering spawn targets. */
    BitSet reachFrom(Set<CGNode> entries, Set<CGNode> spawnersMet) {
        BitSet seen = new BitSet();
        Deque<CGNode> todo = new ArrayDeque<>(entries);
        entries.forEach(e -> seen.set(p.cg.getNumber(e)));
        while (!todo.isEmpty()) {
            CGNode n = todo.poll();
            for (var it = n.iterateCallSites(); it.hasNext(); ) {
                CallSiteReference site = it.next();
                for (CGNode t : p.cg.getPossibleTargets(n, site)) {
                    SpawnKind k = SpawnKind.of(t);
                    if (k != SpawnKind.NONE) {
                        if (n.getIR() != null) {
                            spawnSites.computeIfAbsent(n, x -> new LinkedHashMap<>()).put(site, k);
                            spawnersMet.add(n);
                        }
                    } else if (!seen.get(p.cg.getNumber(t))) {
                        seen.set(p.cg.getNumber(t));
                        todo.add(t);
                    }
                }
            }
        }
        return seen;
    }

    private void addThreads(CGNode n, SSAAbstractInvokeInstruction call, SpawnKind kind) {
        if (kind == SpawnKind.THREAD_BUILDER) {
            // one thread per Runnable: the builder makes the Thread object inside the JDK
            for (Map.Entry<InstanceKey, IMethod> e : bodies.ofTaskCall(n, call, false).entrySet()) {
                add(kind, n, call, e.getKey(), Map.of(e.getKey(), e.getValue()));
            }
        } else if (kind == SpawnKind.THREAD_START) {
            for (InstanceKey thread : p.pts(n, call.getReceiver())) {
                add(kind, n, call, thread, bodies.ofThread(thread));
            }
        } else {
            for (Map.Entry<InstanceKey, IMethod> e : bodies.ofTaskCall(n, call, kind == SpawnKind.TASK_COLLECTION).entrySet()) {
                add(kind, n, call, e.getKey(), Map.of(e.getKey(), e.getValue()));
            }
        }
    }

    private void add(SpawnKind kind, CGNode n, SSAAbstractInvokeInstruction call, InstanceKey object,
                     Map<InstanceKey, IMethod> body) {
        Set<CGNode> entries = new LinkedHashSet<>();
        for (IMethod m : body.values()) {
            entries.addAll(p.cg.getNodes(m.getReference()));
        }
        if (entries.isEmpty()) {
            unresolvedBodies++;
            return;
        }
        int id = threads.size();
        threads.add(new WalaThread(id, kind, n, call, object, Set.copyOf(body.keySet()), entries,
                name(id, kind, n, call, body)));
    }

    /** A lambda's synthetic run() is named by the application methods it calls. */
    private List<String> bodyNames(IMethod m) {
        if (!WalaProgram.internalName(m.getDeclaringClass().getReference()).startsWith("wala/lambda")) {
            return List.of(WalaProgram.shortMethod(m));
        }
        List<String> out = new ArrayList<>();
        for (CGNode n : p.cg.getNodes(m.getReference())) {
            p.cg.getSuccNodes(n).forEachRemaining(c -> out.add(WalaProgram.shortMethod(c.getMethod())));
        }
        return out.isEmpty() ? List.of("lambda") : out;
    }

    private String name(int id, SpawnKind kind, CGNode n, SSAAbstractInvokeInstruction call,
                        Map<InstanceKey, IMethod> body) {
        String what = kind == SpawnKind.THREAD_START || kind == SpawnKind.THREAD_BUILDER ? "thread" : "task";
        List<String> names = new ArrayList<>();
        for (IMethod m : body.values()) {
            names.addAll(bodyNames(m));
        }
        String runs = names.stream().distinct().limit(2).reduce((a, b) -> a + "," + b).orElse("?");
        return "T" + id + " " + what + " " + runs + " spawned @" + WalaSites.location(n, call.iIndex());
    }
}
