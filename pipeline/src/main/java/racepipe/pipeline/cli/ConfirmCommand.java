package racepipe.pipeline.cli;

import racepipe.contract.TrialResult;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import racepipe.pipeline.input.ProgramInput;
import racepipe.pipeline.input.UsageError;
import racepipe.pipeline.model.ProgramInfo;
import racepipe.pipeline.model.RacePair;
import racepipe.pipeline.model.ResultFile;
import racepipe.pipeline.model.SiteInfo;
import racepipe.pipeline.run.ConfirmRuns;
import racepipe.pipeline.run.SiteSpec;

/** {@code racepipe confirm}: Phase 2, race-directed scheduling of one pair. */
@Command(name = "confirm", mixinStandardHelpOptions = true,
        description = "Make one racing pair happen (RaceFuzzer): N seeded trials; race rate, exceptions, replay commands.")
public final class ConfirmCommand implements Callable<Integer> {
    @Mixin
    ProgramOptions app;

    @Option(names = "--pair", arity = "2", required = true, paramLabel = "SITE",
            description = "two sites: File.java:LINE, pkg.Class.method@bci, or site keys")
    List<String> pair;

    @Option(names = "--trials", defaultValue = "100")
    int trials;

    @Option(names = "--seed", defaultValue = "1")
    long seed;

    @Option(names = "--scheduler", defaultValue = "racefuzzer", description = "racefuzzer, random or native",
            converter = Scheduler.Converter.class)
    Scheduler scheduler;

    @Mixin
    JobsOption jobs;

    @Option(names = "--timeout", defaultValue = "10", description = "seconds per trial (default: ${DEFAULT-VALUE})")
    int timeout;

    @Option(names = "--isolation", defaultValue = "worker", description = "worker (many trials per JVM) or process",
            converter = Isolation.Converter.class)
    Isolation isolation;

    @Option(names = "--watchdog", defaultValue = "20", description = "milliseconds before the watchdog lets others go")
    long watchdog;

    @Option(names = "--json")
    Path json;

    @Override
    public Integer call() throws Exception {
        ProgramInput program = app.check();
        ConfirmRuns.Options opt = options(trials, seed);
        SiteSpec spec = new SiteSpec(program.jar(), program.entry());
        SiteInfo a = spec.resolve(pair.get(0)), b = spec.resolve(pair.get(1));
        RacePair p = new RacePair(spec.variable(a), a, b);
        List<TrialResult> results = ConfirmRuns.run(program, a, b, opt, ConfirmRuns.seeds(opt), null);
        ConfirmRuns.fill(program, p, results, opt);
        PairConfirm.print(System.out, program, p, results);
        write(program, p, opt);
        return 0;
    }

    ConfirmRuns.Options options(int n, long s) {
        if (n < 1 || timeout < 1) {
            throw new UsageError("--trials and --timeout must be at least 1");
        }
        return new ConfirmRuns.Options(n, s, Spelling.of(scheduler), jobs.count(), timeout * 1000L,
                isolation == Isolation.PROCESS, watchdog);
    }

    void write(ProgramInput program, RacePair p, ConfirmRuns.Options opt) throws java.io.IOException {
        if (json == null) {
            return;
        }
        ResultFile out = new ResultFile();
        out.tool = ProgramInfo.tool();
        out.program = ProgramInfo.program(program.jar(), program.entry(), program.args());
        out.options.put("trials", opt.trials());
        out.options.put("seed", opt.seed());
        out.options.put("scheduler", opt.scheduler());
        out.options.put("jobs", opt.jobs());
        out.options.put("timeout", timeout);
        out.options.put("isolation", Spelling.of(isolation));
        out.pairs.add(p);
        out.write(json);
    }
}
