package racepipe.pipeline.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import racepipe.pipeline.input.CrashLog;
import racepipe.pipeline.input.ProgramFailure;
import racepipe.pipeline.input.ProgramInput;
import racepipe.pipeline.input.UsageError;
import racepipe.pipeline.model.RacePair;
import racepipe.pipeline.model.ResultFile;
import racepipe.pipeline.cluster.Cluster;
import racepipe.pipeline.run.Analysis;
import racepipe.pipeline.run.AtomicNames;
import racepipe.pipeline.run.AtomicSpec;
import racepipe.pipeline.run.Budgets;
import racepipe.pipeline.run.Launcher;
import racepipe.pipeline.run.ConfirmRuns;
import racepipe.pipeline.triage.Baseline;
import racepipe.pipeline.triage.Suppressions;

/** {@code racepipe analyze}: the main job. Predict statically and dynamically, confirm every candidate. */
@Command(name = "analyze", mixinStandardHelpOptions = true,
        description = {"Predict racing pairs (static analysis + dynamic detectors), then make each candidate happen",
                "(RaceFuzzer) and report which races are real, which crash, and how to replay them."},
        footer = {"", "Exit codes: 0 no new race confirmed (known and suppressed ones do not count), 1 races confirmed,"
                + " 2 usage error or bad input,"
                + " 3 the analysis failed or the program never got going (a class missing, every run failed at once).",
                "Writes report.json, report.sarif and report.html to --out (default racepipe-out/)."})
public final class AnalyzeCommand implements Callable<Integer> {
    @Mixin
    ProgramOptions app;

    @Option(names = "--predictors", split = ",", defaultValue = "static,hybrid",
            description = "which predictors feed Phase 2: static, hybrid, ls, eraser, hb, shb, wcp, syncp (default: ${DEFAULT-VALUE})",
            converter = Predictor.Converter.class)
    List<Predictor> predictors;

    @Option(names = "--engine", defaultValue = "wala", description = "static engine: wala or sootup",
            converter = Engine.Converter.class)
    Engine engine;

    @Option(names = "--runs", defaultValue = "3", description = "dynamic runs (default: ${DEFAULT-VALUE})")
    int runs;

    @Option(names = "--trials", defaultValue = "50",
            description = "the most Phase 2 trials a candidate gets; fewer once its verdict is settled (default: ${DEFAULT-VALUE})")
    int trials;

    @Option(names = "--budget", paramLabel = "DURATION", defaultValue = Budgets.DEFAULT,
            description = "time for the whole analyze, e.g. 90s, 10m, 1h30m, or none; candidates not reached in time are"
                    + " untried (--resume continues them) (default: ${DEFAULT-VALUE})")
    String budget;

    @Mixin
    JobsOption jobs;

    @Option(names = "--timeout", description = "seconds per run and per trial (default: sized by a plain run of the program:"
            + " a run 25x its time, a trial 4x, each at least 10 s)")
    Integer timeout;

    @Option(names = "--spark", paramLabel = "MASTER", description = "run Phase 2's trials as tasks of this Spark master"
            + " (local[N], spark://HOST:PORT; submit: spark-submit's --master)")
    String spark;

    @Option(names = "--atomic", paramLabel = "CLASS#METHOD", split = ",",
            description = {"also take this method as an atomic block, every synchronisation operation in it (repeatable,"
                    + " comma-separated; or a .json file {\"atomic\": [\"pkg.Class#method\", ...]}); by default a block is a"
                    + " method with two or more calls of synchronized methods or synchronized blocks, accesses of one volatile,"
                    + " or calls on concurrent or synchronized collections"})
    List<String> atomic;

    @Option(names = "--seed", defaultValue = "1")
    long seed;

    @Option(names = "--out", defaultValue = "racepipe-out", description = "the out folder (default: ${DEFAULT-VALUE})")
    Path out;

    @Option(names = "--json", description = "also write report.json here")
    Path json;

    @Option(names = "--resume", paramLabel = "DIR", description = "resume a killed analyze from its out folder")
    Path resume;

    @Option(names = "--baseline", paramLabel = "REPORT",
            description = "an earlier report.json (or its out folder): its races are shown as known and not counted for the exit code")
    Path baseline;

    @Option(names = "--suppress", paramLabel = "FILE",
            description = "accepted races, one a line: SITE SITE # reason (SITE as in confirm); listed with the reason, not counted")
    Path suppress;

    @Option(names = "--source-root", paramLabel = "DIR",
            description = "a folder of the program's sources, for the paths in report.sarif (repeatable;"
                    + " default: each src/main/java below the current folder)")
    List<Path> sourceRoots = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        boolean sized = timeout == null;
        int given = sized ? 10 : timeout;
        if (runs < 1 || trials < 1 || given < 1) {
            throw new UsageError("--runs, --trials and --timeout must be at least 1");
        }
        Duration limit;
        try {
            limit = Budgets.parse(budget);
        } catch (IllegalArgumentException e) {
            throw new UsageError(e.getMessage());
        }
        ProgramInput program = app.check();
        AtomicSpec.name(AtomicNames.resolve(atomic, program));
        Baseline known = baseline == null ? null : Baseline.load(baseline);
        Suppressions accepted = suppress == null ? null : Suppressions.load(suppress);
        for (Path root : sourceRoots) {
            if (!java.nio.file.Files.isDirectory(root)) {
                throw new UsageError("no such source folder: " + root);
            }
        }
        ConfirmRuns.Options confirm = new ConfirmRuns.Options(trials, seed, "racefuzzer", jobs.count(),
                given * 1000L, false, 20);
        Path dir = resume != null ? resume : out;
        if (resume != null) {
            OutFolder.checkResumable(resume, program);
        } else {
            OutFolder.startAfresh(out, System.err);
        }
        CrashLog.useFolder(dir);
        Analysis analysis = new Analysis(program, new Analysis.Options(Spelling.of(predictors), Spelling.of(engine), runs, seed,
                given * 1000L, confirm, limit, sized), dir, System.err);
        Cluster cluster = spark == null ? null : Cluster.open(spark, System.err);
        if (cluster != null) {
            analysis.runTrialsWith(cluster.trials(program));
        }
        try (StopHook stop = StopHook.install(() -> analysis.stop().signal(), () -> () -> {
            ResultFile sofar = analysis.snapshot();
            if (sofar != null) {
                report(analysis.finish(sofar), program, dir, known, accepted);
            }
        })) {
            try {
                ResultFile r = analysis.run();
                int code = report(r, program, dir, known, accepted);
                if (r.failure != null) {
                    throw new ProgramFailure(r.failure);
                }
                return code;
            } finally {
                if (cluster != null) {
                    cluster.close(); // before the hook may end the JVM
                }
            }
        }
    }

    /** Writes report.json, .sarif, .html and prints the table; the exit code (0 or 1). */
    private int report(ResultFile r, ProgramInput program, Path dir, Baseline known, Suppressions accepted) throws IOException {
        if (known != null) {
            known.mark(r.pairs);
            r.options.put("baseline", known.file().toString());
        }
        if (accepted != null) {
            for (Suppressions.Rule unused : accepted.mark(r.pairs)) {
                System.err.println("racepipe: " + unused.where() + " covers no pair of this analyze");
            }
            r.options.put("suppress", suppress.toAbsolutePath().normalize().toString());
        }
        r.write(dir.resolve("report.json"));
        if (json != null) {
            r.write(json);
        }
        Reports.write(r, dir, sourceRoots);
        AnalyzeTable.print(System.out, r, dir);
        if (r.stopped != null) {
            System.out.println("continue: " + Launcher.command() + " analyze " + resumeArgs(program, dir));
        }
        System.out.flush();
        // a Phase 1 run that ended with every thread blocked proved a hang (seeded, replayable): a bug found, as a confirmed race is
        boolean hung = r.runs != null && r.runs.stream().anyMatch(run -> run.hang() != null);
        return r.pairs.stream().anyMatch(RacePair::counted) || hung
                || r.otherCandidates().stream().anyMatch(racepipe.pipeline.model.Candidate::counted) ? 1 : 0;
    }

    /** The program and --resume DIR, as a user types them again. */
    private static String resumeArgs(ProgramInput program, Path dir) {
        StringBuilder sb = new StringBuilder(quote(program.jar().toString()));
        if (!program.classPath().isEmpty()) {
            sb.append(" --cp ").append(quote(String.join(java.io.File.pathSeparator,
                    program.classPath().stream().map(Path::toString).toList())));
        }
        sb.append(" --entry ").append(program.entry()).append(" --resume ").append(quote(dir.toString()));
        if (!program.args().isEmpty()) {
            sb.append(" --");
            program.args().forEach(a -> sb.append(' ').append(quote(a)));
        }
        return sb.toString();
    }

    private static String quote(String s) {
        return s.matches("[A-Za-z0-9_./:@=,+-]+") ? s : "'" + s.replace("'", "'\\''") + "'";
    }
}
