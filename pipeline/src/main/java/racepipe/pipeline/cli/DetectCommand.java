package racepipe.pipeline.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Mixin;
import racepipe.pipeline.input.ProgramFailure;
import racepipe.pipeline.input.ProgramInput;
import racepipe.pipeline.input.UsageError;
import racepipe.pipeline.model.ProgramInfo;
import racepipe.pipeline.model.ResultFile;
import racepipe.pipeline.model.RunNotes;
import racepipe.pipeline.run.DetectRuns;
import racepipe.pipeline.run.StartFailure;
import racepipe.pipeline.run.StaticHelp;

/** {@code racepipe detect}: Phase 1 dynamic, every detector on the same runs. */
@Command(name = "detect", mixinStandardHelpOptions = true,
        description = "Run the program K times under the agent; report the pairs of each detector (ls, eraser, hybrid, hb; shb, wcp, syncp on request).")
public final class DetectCommand implements Callable<Integer> {
    @Mixin
    ProgramOptions app;

    @Option(names = "--detectors", split = ",", description = "which detectors (default: ${DEFAULT-VALUE})",
            defaultValue = "ls,eraser,hybrid,hb", converter = Detector.Converter.class)
    List<Detector> detectors;

    @Option(names = "--runs", defaultValue = "1", description = "how many runs (default: ${DEFAULT-VALUE})")
    int runs;

    @Option(names = "--seed", description = "run one thread at a time under a seeded random scheduler")
    Long seed;

    @Option(names = "--timeout", defaultValue = "60", description = "seconds per run (default: ${DEFAULT-VALUE})")
    int timeout;

    @Option(names = "--json", description = "write the result here")
    Path json;

    @Option(names = "--trace", paramLabel = "FILE", description = "write each run's trace in RAPID's STD format: run 1 to "
            + "FILE, run k to FILE.k, each with its sites in .sites beside it (read it back with racepipe trace FILE)")
    Path trace;

    @Option(names = "--static-help", description = "first run the static engine (wala) and leave unwatched the "
            + "accesses it proves thread-local: faster runs, the same pairs if the proof holds (off by default)")
    boolean staticHelp;

    @Override
    public Integer call() throws Exception {
        if (runs < 1 || timeout < 1) {
            throw new UsageError("--runs and --timeout must be at least 1");
        }
        ProgramInput program = app.check();
        Path work = Files.createTempDirectory("racepipe-detect");
        List<String> names = Spelling.of(detectors);
        DetectRuns.Options options = new DetectRuns.Options(names, runs, seed, timeout * 1000L);
        if (trace != null) {
            options = options.withTrace(trace.toAbsolutePath());
        }
        StaticHelp.Proof help = null;
        if (staticHelp) {
            help = StaticHelp.prove(program, work);
            System.out.println(help.describe());
            options = options.withUnwatched(help.file());
        }
        DetectRuns.Result r = DetectRuns.run(program, options, work);
        ResultFile out = new ResultFile();
        out.tool = ProgramInfo.tool();
        out.program = ProgramInfo.program(program);
        out.options.put("detectors", names);
        out.options.put("runs", runs);
        out.options.put("seed", seed);
        out.options.put("timeout", timeout);
        if (help != null) {
            out.options.put("staticHelp", java.util.Map.of("engine", "wala", "unwatched", help.sites()));
        }
        out.pairs = new ArrayList<>(r.pairs().values());
        out.runs = r.runs();
        out.uninstrumented = r.uninstrumented().isEmpty() ? null : r.uninstrumented();
        out.failure = StartFailure.ofRuns(out.runs);
        Tables.printDetect(System.out, out, names, runs);
        RunNotes.uninstrumented(out.uninstrumented).forEach(System.out::println);
        if (json != null) {
            out.write(json);
        }
        if (out.failure != null) {
            throw new ProgramFailure(out.failure);
        }
        return 0;
    }
}
