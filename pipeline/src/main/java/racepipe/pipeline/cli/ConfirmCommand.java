package racepipe.pipeline.cli;

import racepipe.contract.TrialResult;
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
import racepipe.pipeline.model.ProgramInfo;
import racepipe.pipeline.model.RacePair;
import racepipe.pipeline.model.ResultFile;
import racepipe.pipeline.run.ConfirmRuns;
import racepipe.pipeline.run.SiteSpec;
import racepipe.pipeline.run.StartFailure;

/** {@code racepipe confirm}: Phase 2, race-directed scheduling of each pair given. */
@Command(name = "confirm", mixinStandardHelpOptions = true,
        description = "Make a racing pair happen (RaceFuzzer): N seeded trials; race rate, exceptions, replay commands.",
        footer = {"", "Exit codes: 0 no race confirmed, 1 a race confirmed, 2 usage error or bad input,"
                + " 3 the program never got going (a class missing, every trial crashed)."})
public final class ConfirmCommand implements Callable<Integer> {
    @Mixin
    ProgramOptions app;

    @Option(names = "--pair", arity = "2", required = true, paramLabel = "SITE",
            description = "two sites: File.java:LINE, pkg.Class.method@bci, or site keys (repeatable: each pair is confirmed)")
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
        List<SiteSpec.Pick> picks = picks(program, pair);
        List<RacePair> done = new ArrayList<>();
        List<TrialResult> all = new ArrayList<>();
        for (SiteSpec.Pick pick : picks) {
            if (picks.size() > 1) {
                System.out.println((done.isEmpty() ? "" : "\n") + "== pair " + (done.size() + 1) + " of " + picks.size());
            }
            pick.notes().forEach(System.out::println);
            RacePair p = new RacePair(pick.variable(), pick.a(), pick.b());
            List<TrialResult> results = ConfirmRuns.run(program, pick.a(), pick.b(), opt, ConfirmRuns.seeds(opt), null);
            ConfirmRuns.fill(program, p, results, opt);
            PairConfirm.print(System.out, program, p, results);
            done.add(p);
            all.addAll(results);
        }
        write(program, done, opt);
        String failure = StartFailure.ofTrials(all);
        if (failure != null) {
            throw new ProgramFailure(failure);
        }
        return done.stream().anyMatch(RacePair::induced) ? 1 : 0;
    }

    /** Every --pair resolved before any trial runs, so a bad one costs nothing. */
    static List<SiteSpec.Pick> picks(ProgramInput program, List<String> sites) throws java.io.IOException {
        SiteSpec spec = new SiteSpec(program);
        List<SiteSpec.Pick> picks = new ArrayList<>();
        for (int i = 0; i + 1 < sites.size(); i += 2) {
            picks.add(spec.pair(sites.get(i), sites.get(i + 1)));
        }
        return picks;
    }

    ConfirmRuns.Options options(int n, long s) {
        if (n < 1 || timeout < 1) {
            throw new UsageError("--trials and --timeout must be at least 1");
        }
        return new ConfirmRuns.Options(n, s, Spelling.of(scheduler), jobs.count(), timeout * 1000L,
                isolation == Isolation.PROCESS, watchdog);
    }

    void write(ProgramInput program, List<RacePair> pairs, ConfirmRuns.Options opt) throws java.io.IOException {
        if (json == null) {
            return;
        }
        ResultFile out = new ResultFile();
        out.tool = ProgramInfo.tool();
        out.program = ProgramInfo.program(program);
        out.options.put("trials", opt.trials());
        out.options.put("seed", opt.seed());
        out.options.put("scheduler", opt.scheduler());
        out.options.put("jobs", opt.jobs());
        out.options.put("timeout", timeout);
        out.options.put("isolation", Spelling.of(isolation));
        out.pairs.addAll(pairs);
        out.write(json);
    }
}
