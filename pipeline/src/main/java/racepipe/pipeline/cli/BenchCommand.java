package racepipe.pipeline.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import racepipe.pipeline.bench.BenchReport;
import racepipe.pipeline.bench.BenchRow;
import racepipe.pipeline.bench.Suite;
import racepipe.pipeline.bench.Truth;
import racepipe.pipeline.model.ProgramInfo;
import racepipe.pipeline.model.RacePair;
import racepipe.pipeline.model.ResultFile;
import racepipe.pipeline.run.Analysis;
import racepipe.pipeline.run.ConfirmRuns;
import racepipe.pipeline.run.Home;
import racepipe.pipeline.run.StaticPhase;

/** {@code racepipe bench}: analyze on every benchmark of a suite; the research table. */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Run analyze on each benchmark and print the table of predictor sets, precision/recall and checks.")
public final class BenchCommand implements Callable<Integer> {
    @Option(names = "--suite", description = "the suite jar (default: the bundled benchmarks)")
    Path suite;

    @Option(names = "--sources", description = "the suite's sources, for the @site labels (default: the bundled ones)")
    Path sources;

    @Option(names = "--only", split = ",", description = "only these benchmarks")
    List<String> only;

    @Option(names = "--out", defaultValue = "racepipe-bench", description = "the out folder (default: ${DEFAULT-VALUE})")
    Path out;

    @Option(names = "--runs", defaultValue = "3")
    int runs;

    @Option(names = "--trials", defaultValue = "50")
    int trials;

    @Option(names = "--timeout", defaultValue = "10")
    int timeout;

    @Option(names = "--seed", defaultValue = "1")
    long seed;

    @Override
    public Integer call() throws Exception {
        Path jar = suite != null ? suite : Home.root().resolve("benchmarks/target/racepipe-benchmarks.jar");
        Path src = sources != null ? sources : Home.root().resolve("benchmarks/src/main/java");
        if (!Files.isRegularFile(jar)) {
            throw new UsageError("no suite jar at " + jar);
        }
        List<String> names = Suite.names(jar);
        if (only != null) {
            for (String n : only) {
                if (!names.contains(n)) {
                    throw new UsageError("no benchmark '" + n + "' in " + jar);
                }
            }
            names = new ArrayList<>(only);
        }
        Files.createDirectories(out);
        List<BenchRow> rows = new ArrayList<>();
        int cores = Runtime.getRuntime().availableProcessors();
        for (String name : names) {
            System.err.println("== " + name);
            ProgramInput program = ProgramInput.check(jar, "benchmarks." + name + ".Main", List.of());
            ConfirmRuns.Options confirm = new ConfirmRuns.Options(trials, seed, "racefuzzer", cores, timeout * 1000L, false, 20);
            Path dir = out.resolve(name);
            ResultFile r = new Analysis(program, new Analysis.Options(List.of("static", "hybrid"), "wala", runs, seed,
                    timeout * 1000L, confirm), dir, System.err).run();
            Map<String, Double> phases = new LinkedHashMap<>();
            ((Map<?, ?>) r.options.get("phases")).forEach((k, v) -> phases.put((String) k, ((Number) v).doubleValue()));
            long t0 = System.nanoTime();
            addSootup(r, program);
            phases.put("static:sootup", (System.nanoTime() - t0) / 1e9);
            r.write(dir.resolve("report.json"));
            try (var tsv = Suite.truth(jar, name)) {
                rows.add(new BenchRow(name, r, Truth.load(name, tsv, src), phases));
            }
        }
        ResultFile meta = new ResultFile();
        meta.tool = ProgramInfo.tool();
        meta.options.put("suite", jar.toString());
        meta.options.put("runs", runs);
        meta.options.put("trials", trials);
        meta.options.put("seed", seed);
        BenchReport.write(out, rows, meta);
        BenchReport.print(System.out, rows);
        System.out.println("results: " + out.resolve("results.md") + ", results.json, results.html");
        return 0;
    }

    /** The SootUp engine's pairs, set beside WALA's: "static:sootup" on the pairs it reports. */
    private static void addSootup(ResultFile r, ProgramInput program) {
        Map<String, RacePair> byKey = new LinkedHashMap<>();
        r.pairs.forEach(p -> byKey.put(p.key, p));
        for (RacePair p : StaticPhase.pairs(StaticPhase.run(List.of(program.jar()), program.entry(), "sootup"))) {
            RacePair known = byKey.get(p.key);
            if (known != null) {
                known.predictors.put("static:sootup", true);
            } else {
                p.predictors.remove("static");
                r.pairs.add(p);
            }
        }
    }
}
