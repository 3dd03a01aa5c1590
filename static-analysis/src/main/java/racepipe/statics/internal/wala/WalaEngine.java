package racepipe.statics.internal.wala;

import com.ibm.wala.ipa.callgraph.CGNode;
import com.ibm.wala.ipa.callgraph.propagation.InstanceKey;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import racepipe.contract.WatchedLibrary;
import racepipe.statics.AnalysisInput;
import racepipe.statics.RaceEngine;
import racepipe.statics.StaticPair;
import racepipe.statics.StaticOptions;
import racepipe.statics.StaticResult;
import racepipe.statics.internal.Budget;
import racepipe.statics.internal.ClassPathEntries;
import racepipe.statics.internal.PairFinder;
import racepipe.statics.internal.StageClock;
import racepipe.statics.internal.model.RaceModel;
import racepipe.statics.internal.model.ThreadInfo;

/** The primary engine: WALA 0-1-CFA points-to, threads per spawn call, Chord's pair stages. */
public final class WalaEngine implements RaceEngine {
    @Override
    public String name() {
        return "wala";
    }

    @Override
    public StaticResult analyze(AnalysisInput given, StaticOptions options) {
        racepipe.statics.internal.InputCheck.check(given);
        ClassPathEntries.Expanded cp = ClassPathEntries.of(given);
        AnalysisInput in = cp.input();
        StageClock clock = new StageClock(name(), options.progress());
        Budget budget = new Budget(options.limit());
        clock.next("class hierarchy");
        WalaProgram p = WalaBuild.build(in, clock, budget);
        clock.next("threads");
        ThreadDiscovery d = new ThreadDiscovery(p);
        d.run();
        ExecCount ex = new ExecCount(p, d);
        ex.run();
        clock.lap("threads (" + d.threads.size() + " abstract)");
        clock.next("locks + start/join order");

        StartJoinOrder order = new StartJoinOrder(p, d, ex);
        order.run();
        LockPaths paths = new LockPaths(p, ex);
        Map<CGNode, BitSet> appNodes = appNodes(p, d);
        Set<CGNode> entries = new HashSet<>();
        d.threads.stream().skip(1).forEach(t -> entries.addAll(t.entries()));
        HeldLocks held = new HeldLocks(p, paths, entries);
        held.run(appNodes.keySet().stream().filter(WalaProgram::isApp).toList());
        List<List<racepipe.statics.StaticSite>> lockCycles = List.of();
        LockOrder lockOrder = new LockOrder(p, paths, held, order, ex, appNodes);
        if (!budget.over()) {
            lockCycles = lockOrder.cycles();
        }
        BitSet escaping = Escape.of(p, d);
        List<List<racepipe.statics.StaticSite>> atomicBlocks = List.of();
        if (!budget.over()) {
            atomicBlocks = new AtomicCandidates(p, paths, held, order, ex, appNodes, escaping).blocks();
        }
        clock.lap("locks + start/join order");
        clock.next("accesses + escape");

        BarrierPhases barrierPhases = new BarrierPhases(p, d, ex);
        barrierPhases.run();
        VolatileFlags flags = new VolatileFlags(p, d, ex, order.before);
        flags.run();
        AccessCollector acc = new AccessCollector(p, d, barrierPhases, held, paths, order, appNodes, BarrierActions.of(p, ex), flags, ex);
        for (var e : appNodes.entrySet()) {
            if (budget.over()) {
                break;
            }
            acc.collect(e.getKey(), e.getValue());
        }
        RaceModel model = new RaceModel();
        for (WalaThread t : d.threads) {
            model.threads.add(new ThreadInfo(t.id(), t.name(), t.id() > 0 && ex.multi[t.id()]));
        }
        model.accesses.addAll(acc.sites.values());
        model.escaping = escaping;
        model.handedOver = TaskResults.resultOnly(p);
        model.ownObjectsOnly = TaskResults.outcomeFree(p, d);
        model.publishedSafely = TaskResults.orderedHandOverOnly(p);
        for (InstanceKey ik : p.pa.getInstanceKeys()) {
            if (ex.onceAlloc(ik)) {
                model.onceObjects.set(p.index(ik));
            }
        }
        order.orderedThreads().forEach(ab -> model.order(ab[0], ab[1]));
        model.ownedObjects = acc.threadOwned::closure;
        model.objectName = i -> {
            InstanceKey ik = p.pa.getInstanceKeyMapping().getMappedObject(i);
            return ik == null ? "o" + i : p.objectName(ik);
        };
        clock.lap("accesses + escape (" + model.accesses.size() + " sites)");

        // a points-to cut short may miss how an object escapes: no thread-local sites from it
        List<String> threadLocal = List.of();
        String threadLocalUnsure = null;
        if (budget.why() == null) {
            clock.next("thread-local sites");
            try {
                ThreadLocalSites local = new ThreadLocalSites(p, d);
                local.run();
                threadLocal = List.copyOf(local.keys); // none when unsure
                threadLocalUnsure = local.unsure;
            } catch (RuntimeException | StackOverflowError e) { // an extra: it never costs the pairs
                threadLocal = List.of();
                threadLocalUnsure = "the stage failed: " + e;
            }
            clock.lap("thread-local sites");
        }

        clock.next("pairs");
        PairFinder finder = new PairFinder(model);
        finder.budget = budget;
        List<StaticPair> pairs = PairFinder.mergeBySites(finder.run());
        clock.lap("pairs");
        // a site the pairs say two threads may share is never thread-local (the pairs alias unknown bases more widely)
        Set<String> paired = new HashSet<>();
        pairs.forEach(pr -> {
            paired.add(pr.a().key());
            paired.add(pr.b().key());
        });
        threadLocal = threadLocal.stream().filter(k -> !paired.contains(k)).toList();

        Map<String, Object> stats = new LinkedHashMap<>();
        if (!cp.skipped().isEmpty()) {
            stats.put(StaticResult.CLASS_PATH_SKIPPED, cp.skipped());
        }
        stats.put("cgNodes", p.cg.getNumberOfNodes());
        stats.put("appNodes", appNodes.size());
        stats.put("threads", model.threads.stream().map(t -> t.name() + (t.multi() ? " (many)" : "")).toList());
        stats.put("unresolvedThreadBodies", d.unresolvedBodies);
        stats.put("accessSites", model.accesses.size());
        stats.put("libraryAccesses", acc.libraryAccesses);
        stats.put("libraryLiftTruncated", acc.liftTruncated());
        stats.put("stagePairs", finder.counts);
        stats.put("threadLocalSites", threadLocal.size());
        stats.put("lockCycles", lockCycles.size());
        stats.put("atomicBlocks", atomicBlocks.size());
        if (lockOrder.tooManyTriples) {
            stats.put("lockCyclesOfThreeCut", LockOrder.MAX_TRIPLES + " triples or " + LockOrder.MAX_THREE + " cycles");
        }
        if (lockOrder.tooWide > 0) {
            stats.put("lockAcquiresTooWide", lockOrder.tooWide);
        }
        if (threadLocalUnsure != null) {
            stats.put("threadLocalUnsure", threadLocalUnsure);
        }
        if (budget.why() != null) {
            stats.put(StaticResult.PARTIAL, budget.why() + "; the pairs are those found until then");
        }
        return new StaticResult(name(), pairs, clock.stages(), stats, threadLocal, lockCycles, atomicBlocks);
    }

    /** Application (and watched library) nodes reached by some thread, each with the threads that reach it. */
    private static Map<CGNode, BitSet> appNodes(WalaProgram p, ThreadDiscovery d) {
        Map<CGNode, BitSet> out = new LinkedHashMap<>();
        List<CGNode> all = new ArrayList<>();
        p.cg.forEach(all::add);
        for (CGNode n : all) {
            if (!(WalaProgram.isApp(n) || WatchedLibrary.isWatched(
                    WalaProgram.internalName(n.getMethod().getDeclaringClass().getReference()))) || n.getIR() == null) {
                continue;
            }
            BitSet ts = new BitSet();
            for (int t = 0; t < d.reach.size(); t++) {
                if (d.reach.get(t).get(p.cg.getNumber(n))) {
                    ts.set(t);
                }
            }
            if (!ts.isEmpty()) {
                out.put(n, ts);
            }
        }
        return out;
    }
}
