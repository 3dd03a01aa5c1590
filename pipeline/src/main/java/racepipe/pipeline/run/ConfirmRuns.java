package racepipe.pipeline.run;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import racepipe.pipeline.input.ProgramInput;
import racepipe.contract.Outcome;
import racepipe.contract.TrialResult;
import racepipe.pipeline.model.Hang;
import racepipe.pipeline.model.Confirm;
import racepipe.pipeline.model.RacePair;
import racepipe.pipeline.model.SiteInfo;
import racepipe.pipeline.model.TrialSummary;

/**
 * Phase 2 for one pair: N trials, trial i with a seed derived from S and i, spread over J
 * worker JVMs (or one JVM per trial). Results come back in trial order.
 */
public final class ConfirmRuns {
    /** The options of a confirm job. */
    public record Options(int trials, long seed, String scheduler, int jobs, long timeoutMillis,
                          boolean processPerTrial, long watchdogMillis) {
        public Options withTimeout(long millis) {
            return new Options(trials, seed, scheduler, jobs, millis, processPerTrial, watchdogMillis);
        }
    }

    /** A pair whose first trials all hang is given up, so analyze keeps its time bound. */
    static final int GIVE_UP_AFTER_TIMEOUTS = 3;

    private ConfirmRuns() {
    }

    /** Seeds of the trials, in order. */
    public static List<Long> seeds(Options opt) {
        List<Long> seeds = new ArrayList<>();
        for (int i = 0; i < opt.trials(); i++) {
            seeds.add(Seeds.derive(opt.seed(), i));
        }
        return seeds;
    }

    public static List<TrialResult> run(ProgramInput program, SiteInfo a, SiteInfo b, Options opt,
                                        List<Long> seeds, Consumer<TrialResult> onTrial)
            throws InterruptedException {
        return run(program, List.of(a.key(), b.key()), opt, seeds, onTrial);
    }

    /** The trials of a candidate of any kind, named by its site keys (the scheduler in opt directs them). */
    public static List<TrialResult> run(ProgramInput program, List<String> sites, Options opt,
                                        List<Long> seeds, Consumer<TrialResult> onTrial)
            throws InterruptedException {
        List<String> cmd = workerCommand(program, sites, opt);
        TrialResult[] results = new TrialResult[seeds.size()];
        AtomicInteger next = new AtomicInteger();
        AtomicInteger hung = new AtomicInteger();   // trials that timed out
        AtomicInteger ended = new AtomicInteger();  // trials that ended by themselves
        List<Thread> drivers = new ArrayList<>();
        RuntimeException[] failure = new RuntimeException[1];
        for (int j = 0; j < Math.max(1, Math.min(opt.jobs(), seeds.size())); j++) {
            Thread t = new Thread(() -> {
                Worker w = null;
                try {
                    for (int i; (i = next.getAndIncrement()) < seeds.size(); ) {
                        if (hung.get() >= GIVE_UP_AFTER_TIMEOUTS && ended.get() == 0) {
                            break; // every trial so far hung: the rest would too; the pair stays unconfirmed
                        }
                        if (w == null || !w.alive()) {
                            w = new Worker(cmd);
                        }
                        TrialResult r = w.trial(seeds.get(i), opt.scheduler(), opt.timeoutMillis());
                        results[i] = r;
                        (r.outcome() == Outcome.TIMEOUT ? hung : ended).incrementAndGet();
                        if (onTrial != null) {
                            onTrial.accept(r);
                        }
                        if (opt.processPerTrial() || !w.alive() || !r.outcome().ended()) {
                            w.close();
                            w = null;
                        }
                    }
                } catch (IOException e) {
                    failure[0] = new IllegalStateException("cannot start a worker JVM: " + e.getMessage(), e);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    if (w != null) {
                        w.close();
                    }
                }
            }, "racepipe-driver-" + j);
            t.start();
            drivers.add(t);
        }
        for (Thread t : drivers) {
            t.join();
        }
        if (failure[0] != null) {
            throw failure[0];
        }
        List<TrialResult> out = new ArrayList<>();
        for (TrialResult r : results) {
            if (r != null) {
                out.add(r);
            }
        }
        return out;
    }

    /**
     * analyze's driver: a pair's trials one after another on one worker JVM, in seed order, until
     * {@code settled} says the trials so far are enough or {@code stopped} says analyze must end.
     * A trial already in {@code done} (an earlier session's, from trials.jsonl) is taken as is.
     * Returns the trials the decision was made on: a prefix of {@code seeds}. A trial that ended
     * because analyze stopped (its worker was killed) is not a result and is left out.
     */
    public static List<TrialResult> runUntil(ProgramInput program, SiteInfo a, SiteInfo b, Options opt, List<Long> seeds,
                                             Map<Long, TrialResult> done, Predicate<List<TrialResult>> settled,
                                             Consumer<TrialResult> onTrial, BooleanSupplier stopped) {
        return runUntil(workerCommand(program, a, b, opt), opt, seeds, done, settled, onTrial, stopped);
    }

    /** {@link #runUntil} for a candidate of any kind, named by its site keys (the scheduler in opt directs its trials). */
    public static List<TrialResult> runUntil(ProgramInput program, List<String> sites, Options opt, List<Long> seeds,
                                             Map<Long, TrialResult> done, Predicate<List<TrialResult>> settled,
                                             Consumer<TrialResult> onTrial, BooleanSupplier stopped) {
        return runUntil(workerCommand(program, sites, opt), opt, seeds, done, settled, onTrial, stopped);
    }

    private static List<TrialResult> runUntil(List<String> cmd, Options opt, List<Long> seeds, Map<Long, TrialResult> done,
                                              Predicate<List<TrialResult>> settled, Consumer<TrialResult> onTrial,
                                              BooleanSupplier stopped) {
        List<TrialResult> trials = new ArrayList<>();
        Worker w = null;
        try {
            for (Long seed : seeds) {
                if (settled.test(trials)) {
                    break;
                }
                TrialResult r = done.get(seed);
                if (r == null) {
                    if (stopped.getAsBoolean()) {
                        break;
                    }
                    if (w == null || !w.alive()) {
                        w = new Worker(cmd);
                    }
                    r = w.trial(seed, opt.scheduler(), opt.timeoutMillis());
                    if (stopped.getAsBoolean()) {
                        break; // killed with its worker, or ended after the stop: not counted
                    }
                    if (onTrial != null) {
                        onTrial.accept(r);
                    }
                    if (opt.processPerTrial() || !w.alive() || !r.outcome().ended()) {
                        w.close();
                        w = null;
                    }
                }
                trials.add(r);
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot start a worker JVM: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            if (w != null) {
                w.close();
            }
        }
        return trials;
    }

    /**
     * The trials of {@code seeds}, in order, on one worker JVM of this machine (a new one after a
     * trial that hung or crashed), none skipped: a batch of a pair's trials that a cluster's task runs.
     */
    public static List<TrialResult> batch(ProgramInput program, String siteA, String siteB, Options opt, List<Long> seeds) {
        return runUntil(workerCommand(program, siteA, siteB, opt), opt, seeds, Map.of(), ts -> false, null, () -> false);
    }

    static List<String> workerCommand(ProgramInput program, SiteInfo a, SiteInfo b, Options opt) {
        return workerCommand(program, a.key(), b.key(), opt);
    }

    static List<String> workerCommand(ProgramInput program, String siteA, String siteB, Options opt) {
        return workerCommand(program, List.of(siteA, siteB), opt);
    }

    /** A worker for a candidate's sites, any number of them, in the candidate's order. */
    static List<String> workerCommand(ProgramInput program, List<String> siteKeys, Options opt) {
        String sites = String.join(",", siteKeys);
        List<java.nio.file.Path> harness = HarnessJars.of(program);
        List<String> args = new ArrayList<>();
        if (!harness.isEmpty()) {
            args.addAll(List.of("--harness", join(harness)));
        }
        args.addAll(List.of(join(HarnessJars.rest(program, harness)), program.entry(), sites, String.valueOf(opt.watchdogMillis())));
        args.addAll(program.args());
        // the random baseline chooses at every shared access, so every access is instrumented;
        // racefuzzer and native need only the pair's two sites (and synchronisation); the other
        // kinds' strategies only the candidate's sites (a lock cycle's acquires are synchronisation)
        String agent = opt.scheduler().equals("random") ? "" : "sites=" + sites;
        if (opt.scheduler().equals("atomfuzzer")) {
            agent += "|atomic=" + AtomicSpec.option(); // the blocks' operations, which AtomFuzzer makes points
        }
        return ChildJvm.command(program, agent, "", "racepipe.dynamic.run.TrialWorker", args);
    }

    private static String join(List<java.nio.file.Path> paths) {
        return String.join(java.io.File.pathSeparator, paths.stream().map(java.nio.file.Path::toString).toList());
    }

    /** The totals of a pair's trials: its "confirm" block. */
    public static Confirm totals(List<TrialResult> trials, Options opt) {
        Confirm c = new Confirm();
        for (Outcome o : Outcome.values()) {
            c.outcomes.put(o.label(), 0);
        }
        for (TrialResult t : trials) {
            if (t.raced()) {
                c.raced++;
            }
            c.outcomes.merge(t.outcome().label(), 1, Integer::sum);
            if (t.exception() != null) {
                c.exceptions.merge(t.exception().type(), 1, Integer::sum);
                if (t.exception().afterRace()) {
                    c.thrownAfterRace++;
                }
            } else if (Attribution.failed(t)) {
                c.exceptions.merge(Hang.of(t.deadlock()).failure(), 1, Integer::sum); // a hang fails the program as an exception does
            }
            c.watchdogFirings += t.watchdog();
        }
        c.scheduler = opt.scheduler();
        c.trials = trials.size();
        c.seed = opt.seed();
        return c;
    }

    /**
     * Puts the totals, verdict, trial summaries, examples and a replay command on the pair.
     * unconfirmed: no trial raced; harmful: a raced trial threw or hung and the failure is the pair's
     * (Attribution); real: raced otherwise.
     */
    public static void fill(ProgramInput program, RacePair p, List<TrialResult> results, Options opt) {
        p.confirm = totals(results, opt);
        boolean raced = results.stream().anyMatch(TrialResult::raced);
        boolean threw = results.stream().anyMatch(t -> t.raced() && Attribution.failed(t));
        Attribution.Result why = threw ? Attribution.of(p.sites.get(0), p.sites.get(1), results) : null;
        if (why != null) {
            p.confirm.attribution = why.why();
        }
        p.verdict = !raced ? "unconfirmed" : why != null && why.attributed() ? "harmful" : "real";
        p.trials = results.stream().map(TrialSummary::of).toList();
        // both examples raced this pair: a trial that threw without it is another race's crash, and its seed replays no race here
        Confirm.Examples examples = new Confirm.Examples(
                results.stream().filter(TrialResult::raced).findFirst().orElse(null),
                results.stream().filter(t -> t.raced() && Attribution.failed(t)).findFirst().orElse(null));
        p.confirm.examples = examples;
        TrialResult example = examples.best();
        RacedNames.apply(p, results, example);
        if (example != null) {
            String mode = example.scheduler() != null ? example.scheduler() : opt.scheduler();
            p.confirm.replay = Replay.command(program, p, example.seed(), mode);
        }
    }
}
