package racepipe.pipeline.cli;

import racepipe.contract.CandidateKind;
import racepipe.contract.Outcome;
import racepipe.contract.TrialResult;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Mixin;
import racepipe.pipeline.input.ProgramFailure;
import racepipe.pipeline.input.ProgramInput;
import racepipe.pipeline.input.UsageError;
import racepipe.pipeline.run.AtomicNames;
import racepipe.pipeline.run.AtomicSpec;
import racepipe.pipeline.model.Hang;
import racepipe.pipeline.model.RacePair;
import racepipe.pipeline.report.AccessLines;
import racepipe.pipeline.run.ConfirmRuns;
import racepipe.pipeline.run.SiteSpec;
import racepipe.pipeline.run.StartFailure;

/** {@code racepipe replay}: one trial again from its seed alone; prints the race and the crash. */
@Command(name = "replay", mixinStandardHelpOptions = true,
        description = "Replay one trial from its seed: the same schedule, the same race (deadlock, atomicity violation), the same outcome.",
        footer = {"", "Exit codes: 0 the trial did not race (deadlock, violate), 1 it did, 2 usage error or bad input, 3 the program never got going,",
                "4 the replay was cut short by time before its schedule ended (no outcome: give it more --timeout)."})
public final class ReplayCommand implements Callable<Integer> {
    /** The exit code of a replay the clock cut short. */
    static final int CUT_SHORT = 4;

    @Mixin
    ProgramOptions app;

    @Option(names = "--pair", arity = "2", paramLabel = "SITE",
            description = "the pair's two sites, as confirm printed them (one pair: a seed replays one trial)")
    List<String> pair;

    @Option(names = "--deadlock", paramLabel = "SITES",
            description = "a lock cycle's acquire sites, comma-separated in its order, as analyze printed them")
    String deadlock;

    @Option(names = "--atomic", paramLabel = "SITES",
            description = "an atomic block's sites and its interleaving access, comma-separated, as analyze printed them")
    String atomic;

    @Option(names = "--atomic-block", paramLabel = "CLASS#METHOD", split = ",",
            description = "the methods analyze was told to take as atomic blocks (--atomic), as its replay line names them")
    List<String> atomicBlocks;

    @Option(names = "--seed", required = true, description = "the trial's seed, as confirm printed it")
    long seed;

    @Option(names = "--scheduler", defaultValue = "racefuzzer", converter = Scheduler.Converter.class)
    Scheduler scheduler;

    /**
     * A replay repeats a schedule, whose steps do not depend on the clock; the clock only bounds
     * how long we wait for them, generously (a fresh JVM on a loaded machine is slow), and a replay
     * it cuts short has no outcome rather than a "timeout" that the trial never had.
     */
    @Option(names = "--timeout", defaultValue = "60",
            description = "seconds the replay may take before it is cut short, with no outcome (default: ${DEFAULT-VALUE})")
    int timeout;

    @Option(names = "--json")
    Path json;

    @Override
    public Integer call() throws Exception {
        int given = (pair == null ? 0 : 1) + (deadlock == null ? 0 : 1) + (atomic == null ? 0 : 1);
        if (given != 1) {
            throw new UsageError("replay takes one of --pair, --deadlock, --atomic");
        }
        ProgramInput program = app.check();
        AtomicSpec.name(AtomicNames.resolve(atomicBlocks, program));
        if (pair == null) {
            return CandidateReplay.replay(program, deadlock != null ? CandidateKind.LOCK_CYCLE : CandidateKind.ATOMIC_BLOCK,
                    deadlock != null ? deadlock : atomic, seed, timeout, json);
        }
        return replay(program);
    }

    /** The replay of this command's pair and seed on a program given whole (racepipe test's). */
    int replay(ProgramInput program) throws Exception {
        ConfirmCommand c = new ConfirmCommand();
        c.scheduler = scheduler;
        c.timeout = timeout;
        c.jobs = JobsOption.of(1);
        c.isolation = Isolation.PROCESS;
        c.watchdog = 20;
        c.json = json;
        if (pair.size() > 2) {
            throw new UsageError("replay takes one --pair: a seed replays one trial of one pair");
        }
        ConfirmRuns.Options opt = c.options(1, seed);
        SiteSpec.Pick pick = ConfirmCommand.picks(program, pair).get(0);
        pick.notes().forEach(System.out::println);
        RacePair p = new RacePair(pick.variable(), pick.a(), pick.b());
        List<TrialResult> results = ConfirmRuns.run(program, pick.a(), pick.b(), opt, List.of(seed), null);
        ConfirmRuns.fill(program, p, results, opt);
        print(p, results.get(0));
        c.write(program, List.of(p), opt);
        TrialResult t = results.get(0);
        if (t.outcome() == Outcome.TIMEOUT && !t.raced()) {
            System.out.println("replay cut short by time after " + timeout + " s, before its schedule ended: no outcome"
                    + " (a loaded machine? give it more --timeout)");
            return CUT_SHORT;
        }
        String failure = StartFailure.ofTrials(results);
        if (failure != null) {
            throw new ProgramFailure(failure);
        }
        return t.raced() ? 1 : 0;
    }

    /** The trial as @RaceTest and report.json tell it (AccessLines): each access's line, kind, variable, thread and frames. */
    private static void print(RacePair p, TrialResult t) {
        System.out.println("seed " + t.seed() + " (" + t.scheduler() + "): outcome " + t.outcome()
                + ", schedule " + t.schedule() + (t.watchdog() > 0 ? ", watchdog fired" : ""));
        if (t.race() != null) {
            System.out.println("race on " + t.race().address() + "; ran first: " + t.race().first());
            AccessLines.of(p.sites, t, p.variable).forEach(l -> System.out.println("  " + l));
        } else {
            System.out.println("no race in this trial");
        }
        if (t.exception() != null) {
            TrialResult.Thrown e = t.exception();
            StringBuilder sb = new StringBuilder("exception in thread " + e.thread() + ": " + e.type() + ": " + e.message()
                    + (e.afterRace() ? " (after the race)" : ""));
            AccessLines.frames(sb, e.stack());
            System.out.println(sb);
        }
        Hang hang = t.outcome() == Outcome.DEADLOCK ? Hang.of(t.deadlock()) : null;
        if (hang != null) {
            System.out.println("hang" + (t.raced() ? " after the race" : "") + ": " + hang.summary());
        }
    }
}
