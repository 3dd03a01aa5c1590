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
import racepipe.pipeline.bench.BenchOne;
import racepipe.pipeline.bench.BenchReport;
import racepipe.pipeline.bench.BenchRow;
import racepipe.pipeline.bench.CycleTruth;
import racepipe.pipeline.bench.RealSource;
import racepipe.pipeline.bench.Suite;
import racepipe.pipeline.bench.Truth;
import racepipe.pipeline.cluster.Cluster;
import racepipe.pipeline.input.CrashLog;
import racepipe.pipeline.input.ProgramInput;
import racepipe.pipeline.input.UsageError;
import racepipe.pipeline.model.ProgramInfo;
import racepipe.pipeline.model.ResultFile;
import racepipe.pipeline.run.Exploration;
import racepipe.pipeline.run.Home;

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

    /*
     * 20 ms, as confirm. 5 ms made httpserver three times faster (pool threads block inside JDK
     * queues where only the watchdog sees them) but, on a loaded machine, the watchdog then also
     * detaches threads that were given the turn and have not woken yet: those trials stop being
     * one thread at a time and their seeds stop replaying. Not worth it until the watchdog can
     * tell the two apart.
     */
    @Option(names = "--watchdog", defaultValue = "20", description = "milliseconds before the watchdog lets others go (default: ${DEFAULT-VALUE})")
    long watchdog;

    @Option(names = "--spark", paramLabel = "MASTER", description = "run each benchmark as a task of this Spark master"
            + " (local[N], spark://HOST:PORT; submit: spark-submit's --master)")
    String spark;

    @Option(names = "--explore", arity = "0..1", fallbackValue = "120s", paramLabel = "BUDGET",
            description = "also explore each benchmark (racepipe explore) for at most BUDGET (default 120s): a complete "
                    + "exploration's races are its Real set, an incomplete one's add to the truth file's; off by default")
    String explore;

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
        java.time.Duration exploreBudget = explore == null ? null : racepipe.pipeline.run.Budgets.parse(explore);
        Files.createDirectories(out);
        CrashLog.useFolder(out);
        List<BenchRow> rows = new ArrayList<>();
        BenchOne.Settings settings = new BenchOne.Settings(runs, trials, timeout, seed, watchdog);
        List<BenchOne.Result> results = new ArrayList<>();
        if (spark != null) {
            // each benchmark a task of the cluster (Phase 2 on the executor's machine, as here)
            try (Cluster cluster = Cluster.open(spark, System.err)) {
                results.addAll(cluster.bench(jar, names, settings, out));
            }
        } else {
            for (String name : names) {
                System.err.println("== " + name);
                results.add(BenchOne.run(jar, name, settings, out.resolve(name), System.err));
            }
        }
        for (int i = 0; i < names.size(); i++) {
            String name = names.get(i);
            BenchOne.Result one = results.get(i);
            Map<String, Double> phases = new LinkedHashMap<>(one.phases());
            Map<String, Object> explored = null;
            if (exploreBudget != null) { // on this machine, after the benchmark's analyze (here or on the cluster)
                long e0 = System.nanoTime();
                explored = explore(ProgramInput.check(jar, "benchmarks." + name + ".Main", List.of()), exploreBudget, out.resolve(name));
                phases.put("explore", Math.round((System.nanoTime() - e0) / 1e8) / 10.0);
            }
            try (var tsv = Suite.truth(jar, name); var dl = Suite.deadlocks(jar, name)) {
                Truth truth = Truth.load(name, tsv, src);
                CycleTruth cycles = dl == null ? CycleTruth.none() : CycleTruth.load(name, dl, src);
                BenchRow row = new BenchRow(name, one.report(), truth, new RealSource(truth, explored), cycles, phases);
                row.atomicity(one.report(), atomicityTruth(jar, name, src));
                row.json.put("wallSeconds", one.wallSeconds());
                rows.add(row);
            }
        }
        ResultFile meta = new ResultFile();
        meta.tool = ProgramInfo.tool();
        meta.options.put("suite", jar.toString());
        meta.options.put("runs", runs);
        meta.options.put("trials", trials);
        meta.options.put("seed", seed);
        meta.options.put("watchdogMillis", watchdog);
        if (spark != null) {
            meta.options.put("spark", spark);
        }
        meta.options.put("explore", explore == null ? "off" : explore);
        BenchReport.write(out, rows, meta);
        BenchReport.print(System.out, rows);
        System.out.println("results: " + out.resolve("results.md") + ", results.json, results.html");
        return 0;
    }

    /** The benchmark's atomicity.tsv, or null when it has none. */
    private static Truth atomicityTruth(Path jar, String name, Path src) throws java.io.IOException {
        try (var tsv = Suite.atomicity(jar, name)) {
            return tsv == null ? null : Truth.load(name, tsv, src);
        }
    }

    /** explore on one benchmark (its answer in DIR/explore.json); null, with a line, when the exploring JVM failed. */
    private static Map<String, Object> explore(ProgramInput program, java.time.Duration budget, Path dir) throws Exception {
        try {
            Files.createDirectories(dir);
            Map<String, Object> m = Exploration.run(program, new Exploration.Options(budget.toMillis(), -1, 200_000, true), dir);
            System.err.println("explore: " + m.get("executions") + " executions, "
                    + (Boolean.TRUE.equals(m.get("complete")) ? "complete" : "not complete (" + m.get("incomplete") + ")"));
            return m;
        } catch (IllegalStateException e) {
            System.err.println("explore: " + e.getMessage() + "; Real comes from the truth file");
            return null;
        }
    }
}
