package racepipe.statics.internal.sootup;

import java.io.IOException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import racepipe.statics.AnalysisInput;
import racepipe.statics.RaceEngine;
import racepipe.statics.StaticInputError;
import racepipe.statics.StaticOptions;
import racepipe.statics.StaticResult;
import racepipe.statics.internal.Budget;
import racepipe.statics.internal.ClassPathEntries;
import racepipe.statics.internal.PairFinder;
import racepipe.statics.internal.StageClock;
import racepipe.statics.internal.model.RaceModel;
import racepipe.statics.internal.model.ThreadInfo;
import sootup.core.inputlocation.AnalysisInputLocation;
import sootup.core.model.SootMethod;
import sootup.core.model.SourceType;
import sootup.core.signatures.MethodSignature;
import sootup.core.types.ClassType;
import sootup.java.bytecode.frontend.inputlocation.JavaClassPathAnalysisInputLocation;
import sootup.java.core.JavaSootClass;
import sootup.java.core.views.JavaView;

/**
 * The cheaper engine: SootUp RTA call graph over the application (java.base as library, not
 * entered), field-based aliasing, path-based locks, the same threads/order/pair stages.
 */
public final class SootUpEngine implements RaceEngine {
    @Override
    public String name() {
        return "sootup";
    }

    @Override
    public StaticResult analyze(AnalysisInput given, StaticOptions options) {
        racepipe.statics.internal.InputCheck.check(given);
        ClassPathEntries.Expanded cp = ClassPathEntries.of(given);
        AnalysisInput in = cp.input();
        StageClock clock = new StageClock(name(), options.progress());
        Budget budget = new Budget(options.limit());
        clock.next("view");
        List<AnalysisInputLocation> locs = new ArrayList<>();
        in.application().forEach(a -> locs.add(new JavaClassPathAnalysisInputLocation(a.toString(), SourceType.Application)));
        try {
            locs.add(new JavaClassPathAnalysisInputLocation(JavaBaseJar.get(in.javaHome()).toString(), SourceType.Library));
        } catch (IOException | RuntimeException e) {
            throw new StaticInputError("cannot read the JDK's java.base classes: " + e.getMessage());
        }
        JavaView view = new JavaView(locs);
        SootProgram p = new SootProgram(view);
        ClassType entryType = view.getIdentifierFactory().getClassType(in.entryClass());
        Optional<JavaSootClass> entry = view.getClass(entryType);
        if (entry.isEmpty()) {
            throw new StaticInputError("entry class " + in.entryClass() + " is not in " + in.application());
        }
        MethodSignature main = entry.get().getMethodsByName("main").stream().filter(SootMethod::isStatic)
                .map(SootMethod::getSignature).findFirst()
                .orElseThrow(() -> new StaticInputError("entry class " + in.entryClass() + " has no main(String[])"));
        clock.lap("sootup: view");
        clock.next("RTA call graph + threads");
        BciMap bcis = new BciMap(in.application());
        SootThreads threads = new SootThreads(p, bcis);
        threads.run(main);
        clock.lap("sootup: RTA call graph + threads (" + p.cg.getMethodSignatures().size() + " methods, "
                + threads.threads.size() + " threads)");

        Map<MethodSignature, BitSet> app = new LinkedHashMap<>();
        for (int t = 0; t < threads.reach.size(); t++) {
            for (MethodSignature m : threads.reach.get(t)) {
                if (p.appBody(m).isPresent()) {
                    app.computeIfAbsent(m, x -> new BitSet()).set(t);
                }
            }
        }
        Set<MethodSignature> roots = new HashSet<>();
        threads.threads.forEach(t -> roots.addAll(t.entries()));
        SootLocks locks = new SootLocks(p, threads);
        locks.run(app.keySet(), roots);
        SootOrder order = new SootOrder(p, threads, locks);
        order.run();
        clock.lap("locks + start/join order");
        clock.next("accesses");

        SootAccesses acc = new SootAccesses(p, locks, order, bcis);
        // a dependency's classes are library code: SootUp reports none of their sites (nor lifts them, as for the JDK)
        Set<String> deps = racepipe.statics.internal.DependencyClasses.of(in);
        app.forEach((m, ts) -> {
            if (!deps.contains(m.getDeclClassType().getFullyQualifiedName().replace('.', '/'))) {
                acc.collect(p.appBody(m).get(), ts);
            }
        });
        RaceModel model = new RaceModel();
        for (SootThreads.SThread t : threads.threads) {
            model.threads.add(new ThreadInfo(t.id(), t.name(), t.id() > 0 && threads.multi[t.id()]));
        }
        model.accesses.addAll(acc.sites.values());
        model.escaping.set(0);
        model.objectName = i -> "any (field-based)";
        order.orderedThreads().forEach(ab -> model.order(ab[0], ab[1]));
        clock.lap("accesses (" + model.accesses.size() + " sites)");

        clock.next("pairs");
        PairFinder finder = new PairFinder(model);
        finder.budget = budget;
        var pairs = finder.run();
        clock.lap("pairs");
        Map<String, Object> stats = new LinkedHashMap<>();
        if (!cp.skipped().isEmpty()) {
            stats.put(StaticResult.CLASS_PATH_SKIPPED, cp.skipped());
        }
        stats.put("cgMethods", p.cg.getMethodSignatures().size());
        stats.put("appMethods", app.size());
        stats.put("threads", model.threads.stream().map(t -> t.name() + (t.multi() ? " (many)" : "")).toList());
        stats.put("accessSites", model.accesses.size());
        stats.put("unmappedAccesses", acc.unmapped);
        stats.put("stagePairs", finder.counts);
        if (budget.why() != null) {
            stats.put(StaticResult.PARTIAL, budget.why() + "; the pairs are those found until then");
        }
        return new StaticResult(name(), pairs, clock.stages(), stats);
    }
}
