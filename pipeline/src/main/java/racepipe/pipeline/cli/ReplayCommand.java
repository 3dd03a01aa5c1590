package racepipe.pipeline.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
        List<Map<String, Object>> results = ConfirmRuns.run(program, a, b, opt, List.of(seed), null);
        ConfirmRuns.fill(program, p, results, opt);
        print(results.get(0));
        c.write(program, p, opt);
        return 0;
    }

    private static void print(Map<String, Object> t) {
        System.out.println("seed " + t.get("seed") + " (" + t.get("scheduler") + "): outcome " + t.get("outcome")
                + ", schedule " + t.get("schedule") + (((Number) t.get("watchdog")).intValue() > 0 ? ", watchdog fired" : ""));
        if (t.get("race") instanceof Map<?, ?> race) {
            System.out.println("race on " + race.get("address") + "; ran first: " + race.get("first"));
            for (Object o : (List<?>) race.get("accesses")) {
                Map<?, ?> acc = (Map<?, ?>) o;
                System.out.println("  " + acc.get("thread") + " at " + acc.get("site"));
                for (String frame : String.valueOf(acc.get("stack")).split(" <- ")) {
                    if (!frame.isBlank()) {
                        System.out.println("      at " + frame);
                    }
                }
            }
        } else {
            System.out.println("no race in this trial");
        }
        if (t.get("exception") instanceof Map<?, ?> e) {
            System.out.println("exception in thread " + e.get("thread") + ": " + e.get("type") + ": " + e.get("message")
                    + (Boolean.TRUE.equals(e.get("afterRace")) ? " (after the race)" : ""));
            for (String frame : String.valueOf(e.get("stack")).split(" <- ")) {
                if (!frame.isBlank()) {
                    System.out.println("      at " + frame);
                }
            }
        }
    }
}
