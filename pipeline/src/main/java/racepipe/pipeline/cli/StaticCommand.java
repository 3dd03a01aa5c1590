package racepipe.pipeline.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Mixin;
import racepipe.pipeline.input.ProgramInput;
import racepipe.pipeline.input.UsageError;
import racepipe.pipeline.model.ProgramInfo;
import racepipe.pipeline.model.RacePair;
import racepipe.pipeline.model.ResultFile;
import racepipe.pipeline.model.SiteInfo;
import racepipe.statics.AnalysisInput;
import racepipe.statics.StageTime;
import racepipe.statics.StaticInputError;
import racepipe.statics.StaticOptions;
import racepipe.statics.StaticPair;
import racepipe.statics.StaticResult;
import racepipe.statics.StaticSite;
import racepipe.statics.engines.Engines;

/** {@code racepipe static}: Phase 1 static may-race analysis with one engine. */
@Command(name = "static", mixinStandardHelpOptions = true,
        description = "Static may-race analysis: pairs of accesses that two threads may run in parallel on the same"
                + " object with one write and no common lock; with wala also lock cycles (predicted deadlocks) and"
                + " atomic blocks (a check and an act on one object, each locked, not together).")
public final class StaticCommand implements Callable<Integer> {
    @Mixin
    ProgramOptions app;

    @Option(names = "--engine", defaultValue = "wala", description = "wala (points-to, primary) or sootup (RTA, field-based)",
            converter = Engine.Converter.class)
    Engine engine;

    @Option(names = "--json", description = "write the result here")
    Path json;

    @Option(names = "--exit-code", description = "exit 1 when pairs are found (default: 0 whenever the analysis ran)")
    boolean exitCode;

    @Option(names = "--limit", paramLabel = "SECONDS",
            description = "stop after this long and report the pairs found so far, marked partial (default: no limit)")
    Integer limit;

    @Override
    public Integer call() throws Exception {
        if (!app.args.isEmpty()) {
            throw new UsageError("static analysis does not run the program: no ARGS (got " + String.join(" ", app.args) + ")");
        }
        if (limit != null && limit <= 0) {
            throw new UsageError("--limit must be a positive number of seconds");
        }
        ProgramInput program = app.check();
        StaticOptions options = new StaticOptions(limit == null ? null : Duration.ofSeconds(limit), System.err::println);
        StaticResult r = racepipe.pipeline.run.StaticPhase.run(program, Spelling.of(engine), options);
        print(System.out, r);
        if (json != null) {
            toFile(program, r).write(json);
        }
        return exitCode && !r.pairs().isEmpty() ? 1 : 0;
    }

    private ResultFile toFile(ProgramInput program, StaticResult r) throws java.io.IOException {
        ResultFile out = new ResultFile();
        out.tool = ProgramInfo.tool();
        out.program = ProgramInfo.program(program);
        out.options.put("engine", Spelling.of(engine));
        out.options.put("classpath", program.paths().stream().map(Path::toString).toList());
        out.options.put("stages", r.stages());
        out.options.put("stats", r.stats());
        if (!r.threadLocal().isEmpty()) {
            out.options.put("threadLocal", r.threadLocal()); // what detect --static-help leaves unwatched
        }
        out.pairs.addAll(racepipe.pipeline.run.StaticPhase.pairs(r));
        if (!r.lockCycles().isEmpty()) {
            out.candidates(racepipe.contract.CandidateKind.LOCK_CYCLE, racepipe.pipeline.run.StaticPhase.cycles(r));
        }
        if (!r.atomicBlocks().isEmpty()) {
            out.candidates(racepipe.contract.CandidateKind.ATOMIC_BLOCK, racepipe.pipeline.run.StaticPhase.atomicBlocks(r));
        }
        return out;
    }

    static void print(PrintStream out, StaticResult r) {
        Map<String, List<StaticPair>> byVar = new TreeMap<>();
        r.pairs().forEach(p -> byVar.computeIfAbsent(p.variable(), v -> new ArrayList<>()).add(p));
        out.printf("static (%s): %d pairs on %d variables%s%n", r.engine(), r.pairs().size(), byVar.size(),
                r.partial() == null ? "" : " (partial: " + r.partial() + ")");
        for (var e : byVar.entrySet()) {
            out.println("  " + e.getKey());
            for (StaticPair p : e.getValue()) {
                out.printf("    %s:%d %s  <->  %s:%d %s   [%s]%n", p.a().file(), p.a().line(), p.a().access(),
                        p.b().file(), p.b().line(), p.b().access(), String.join(" | ", threads(p)));
            }
        }
        if (!r.lockCycles().isEmpty()) {
            out.printf("lock cycles (predicted deadlocks): %d%n", r.lockCycles().size());
            for (List<racepipe.statics.StaticSite> c : r.lockCycles()) {
                StringBuilder line = new StringBuilder("   ");
                for (int i = 0; i < c.size(); i += 2) {
                    line.append(i == 0 ? " " : "  ;  ").append("holds ").append(c.get(i).file()).append(':').append(c.get(i).line())
                            .append(", wants ").append(c.get(i + 1).file()).append(':').append(c.get(i + 1).line());
                }
                out.println(line);
            }
        }
        if (!r.atomicBlocks().isEmpty()) {
            out.printf("atomic blocks (predicted atomicity violations): %d%n", r.atomicBlocks().size());
            for (List<racepipe.statics.StaticSite> b : r.atomicBlocks()) {
                out.printf("    check %s:%d, act %s:%d  <-  %s:%d  (%s)%n", b.get(0).file(), b.get(0).line(), b.get(1).file(),
                        b.get(1).line(), b.get(2).file(), b.get(2).line(), b.get(0).variable());
            }
        }
        out.println("stages:");
        for (StageTime s : r.stages()) {
            out.printf("  %-55s %7.1f s  peak heap %6d MiB%n", s.name(), s.millis() / 1000.0, s.peakHeapBytes() >> 20);
        }
    }

    @SuppressWarnings("unchecked")
    private static List<String> threads(StaticPair p) {
        Object t = p.evidence().get("threads");
        return t instanceof List<?> l ? (List<String>) l : List.of();
    }
}
