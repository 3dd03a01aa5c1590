package racepipe.pipeline.run;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import racepipe.pipeline.input.ProgramInput;
import racepipe.pipeline.input.UsageError;
import racepipe.pipeline.model.RacePair;
import racepipe.pipeline.model.SiteInfo;
import racepipe.statics.AnalysisInput;
import racepipe.statics.StaticInputError;
import racepipe.statics.StaticOptions;
import racepipe.statics.StaticPair;
import racepipe.statics.StaticResult;
import racepipe.statics.StaticSite;
import racepipe.statics.engines.Engines;

/** Phase 1, static: one engine on the program, its pairs in the contract's shape. */
public final class StaticPhase {
    private StaticPhase() {
    }

    /** The engine on the program's jar and its class path, whose classes are library code (dependencies). */
    public static StaticResult run(ProgramInput program, String engine) {
        return run(program, engine, StaticOptions.DEFAULT);
    }

    /** With a time limit (a partial result after it) and a listener for the stages as they go. */
    public static StaticResult run(ProgramInput program, String engine, StaticOptions options) {
        return run(program.paths(), program.classPath(), program.entry(), engine, options);
    }

    public static StaticResult run(List<Path> app, List<Path> dependencies, String entry, String engine, StaticOptions options) {
        if (!Engines.NAMES.contains(engine)) {
            throw new UsageError("unknown engine '" + engine + "': use one of " + Engines.NAMES);
        }
        try {
            return Engines.byName(engine).analyze(new AnalysisInput(app, entry, Jdk.home(),
                    dependencies), options);
        } catch (StaticInputError e) {
            throw new UsageError(e.getMessage());
        }
    }

    public static List<RacePair> pairs(StaticResult r) {
        List<RacePair> out = new ArrayList<>();
        for (StaticPair p : r.pairs()) {
            RacePair rp = new RacePair(p.variable(), site(p.a()).withLibrary(frames(p.evidence().get("libraryA"))),
                    site(p.b()).withLibrary(frames(p.evidence().get("libraryB"))));
            rp.predictors.put("static", true);
            rp.predictors.put("static:" + r.engine(), true);
            rp.evidence = new LinkedHashMap<>(Map.of("static:" + r.engine(), p.evidence()));
            out.add(rp);
        }
        return out;
    }

    /** The engine's lock cycles as candidates (sites in the lock cycle's order), predicted by "static" and the engine. */
    public static List<racepipe.pipeline.model.Candidate> cycles(StaticResult r) {
        List<racepipe.pipeline.model.Candidate> out = new ArrayList<>();
        for (List<StaticSite> cycle : r.lockCycles()) {
            List<SiteInfo> sites = cycle.stream().map(StaticPhase::site)
                    .map(x -> new SiteInfo(x.key(), x.className(), x.method(), x.bci(), x.file(), x.line(), "acquire")).toList();
            racepipe.pipeline.model.Candidate c = new racepipe.pipeline.model.Candidate(racepipe.contract.CandidateKind.LOCK_CYCLE, sites);
            c.predictors.put("static", true);
            c.predictors.put("static:" + r.engine(), true);
            out.add(c);
        }
        return out;
    }

    /**
     * The engine's atomic-block candidates (sites: the block's check and act, the other thread's
     * writing operation, as a dynamic atomicity candidate's), predicted by "static" and the engine.
     */
    public static List<racepipe.pipeline.model.Candidate> atomicBlocks(StaticResult r) {
        List<racepipe.pipeline.model.Candidate> out = new ArrayList<>();
        for (List<StaticSite> block : r.atomicBlocks()) {
            racepipe.pipeline.model.Candidate c = new racepipe.pipeline.model.Candidate(racepipe.contract.CandidateKind.ATOMIC_BLOCK,
                    block.stream().map(StaticPhase::site).toList());
            c.predictors.put("static", true);
            c.predictors.put("static:" + r.engine(), true);
            out.add(c);
        }
        return out;
    }

    /** The library frames of a lifted site (evidence libraryA/libraryB), or none. */
    private static List<String> frames(Object evidence) {
        return evidence instanceof List<?> l ? l.stream().map(String::valueOf).toList() : List.of();
    }

    static SiteInfo site(StaticSite s) {
        return SiteInfo.of(s.className(), s.method(), s.desc(), s.bci(), s.file(), s.line(), s.write());
    }
}
