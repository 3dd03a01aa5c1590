package racepipe.pipeline.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import racepipe.pipeline.input.ProgramFailure;
import racepipe.pipeline.input.ProgramInput;
import racepipe.pipeline.input.UsageError;
import racepipe.pipeline.model.RacePair;
import racepipe.pipeline.model.ResultFile;
import racepipe.pipeline.run.Analysis;
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
            description = "which predictors feed Phase 2: static, hybrid, ls, eraser, hb (default: ${DEFAULT-VALUE})",
            converter = Predictor.Converter.class)
    List<Predictor> predictors;

    @Option(names = "--engine", defaultValue = "wala", description = "static engine: wala or sootup",
            converter = Engine.Converter.class)
    Engine engine;

    @Option(names = "--runs", defaultValue = "3", description = "dynamic runs (default: ${DEFAULT-VALUE})")
    int runs;

    @Option(names = "--trials", defaultValue = "50", description = "Phase 2 trials per candidate (default: ${DEFAULT-VALUE})")
    int trials;

    @Mixin
    JobsOption jobs;

    @Option(names = "--timeout", defaultValue = "10", description = "seconds per run and per trial (default: ${DEFAULT-VALUE})")
    int timeout;

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
        if (runs < 1 || trials < 1 || timeout < 1) {
            throw new UsageError("--runs, --trials and --timeout must be at least 1");
        }
        ProgramInput program = app.check();
        Baseline known = baseline == null ? null : Baseline.load(baseline);
        Suppressions accepted = suppress == null ? null : Suppressions.load(suppress);
        for (Path root : sourceRoots) {
            if (!java.nio.file.Files.isDirectory(root)) {
                throw new UsageError("no such source folder: " + root);
            }
        }
        ConfirmRuns.Options confirm = new ConfirmRuns.Options(trials, seed, "racefuzzer", jobs.count(),
                timeout * 1000L, false, 20);
        Path dir = resume != null ? resume : out;
        if (resume != null) {
            OutFolder.checkResumable(resume, program);
        } else {
            OutFolder.startAfresh(out, System.err);
        }
        ResultFile r = new Analysis(program, new Analysis.Options(Spelling.of(predictors), Spelling.of(engine), runs, seed, timeout * 1000L, confirm),
                dir, System.err).run();
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
        if (r.failure != null) {
            throw new ProgramFailure(r.failure);
        }
        return r.pairs.stream().anyMatch(RacePair::counted) ? 1 : 0;
    }
}
