package racepipe.pipeline.cli;

import racepipe.contract.TrialResult;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import racepipe.pipeline.input.ProgramInput;
import racepipe.pipeline.model.RacePair;
import racepipe.pipeline.model.SiteInfo;
import racepipe.pipeline.run.ConfirmRuns;
import racepipe.pipeline.run.SiteSpec;

/** {@code racepipe replay}: one trial again from its seed alone; prints the race and the crash. */
@Command(name = "replay", mixinStandardHelpOptions = true,
        description = "Replay one trial from its seed: the same schedule, the same race, the same outcome.")
public final class ReplayCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "APP.jar")
    Path jar;

    @Parameters(index = "1..*", paramLabel = "ARGS")
    List<String> args = new ArrayList<>();

    @Option(names = "--entry", required = true)
    String entry;

    @Option(names = "--pair", arity = "2", required = true, paramLabel = "SITE")
    List<String> pair;

    @Option(names = "--seed", required = true, description = "the trial's seed, as confirm printed it")
    long seed;

    @Option(names = "--scheduler", defaultValue = "racefuzzer", converter = Scheduler.Converter.class)
    Scheduler scheduler;

    @Option(names = "--timeout", defaultValue = "10")
    int timeout;

    @Option(names = "--json")
    Path json;

    @Override
    public Integer call() throws Exception {
        ConfirmCommand c = new ConfirmCommand();
        c.scheduler = scheduler;
        c.timeout = timeout;
        c.jobs = JobsOption.of(1);
        c.isolation = Isolation.PROCESS;
        c.watchdog = 20;
        c.json = json;
        ProgramInput program = ProgramInput.check(jar, entry, args);
        ConfirmRuns.Options opt = c.options(1, seed);
        SiteSpec spec = new SiteSpec(program.jar(), program.entry());
        SiteInfo a = spec.resolve(pair.get(0)), b = spec.resolve(pair.get(1));
        RacePair p = new RacePair(spec.variable(a), a, b);
        List<TrialResult> results = ConfirmRuns.run(program, a, b, opt, List.of(seed), null);
        ConfirmRuns.fill(program, p, results, opt);
        print(results.get(0));
        c.write(program, p, opt);
        return 0;
    }

    private static void print(TrialResult t) {
        System.out.println("seed " + t.seed() + " (" + t.scheduler() + "): outcome " + t.outcome()
                + ", schedule " + t.schedule() + (t.watchdog() > 0 ? ", watchdog fired" : ""));
        if (t.race() != null) {
            System.out.println("race on " + t.race().address() + "; ran first: " + t.race().first());
            for (TrialResult.Access acc : t.race().accesses()) {
                System.out.println("  " + acc.thread() + " at " + acc.site());
                for (String frame : String.valueOf(acc.stack()).split(" <- ")) {
                    if (!frame.isBlank()) {
                        System.out.println("      at " + frame);
                    }
                }
            }
        } else {
            System.out.println("no race in this trial");
        }
        if (t.exception() != null) {
            TrialResult.Thrown e = t.exception();
            System.out.println("exception in thread " + e.thread() + ": " + e.type() + ": " + e.message()
                    + (e.afterRace() ? " (after the race)" : ""));
            for (String frame : String.valueOf(e.stack()).split(" <- ")) {
                if (!frame.isBlank()) {
                    System.out.println("      at " + frame);
                }
            }
        }
    }
}
