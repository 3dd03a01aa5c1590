package racepipe.pipeline.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import racepipe.contract.Outcome;
import racepipe.contract.TrialResult;
import racepipe.pipeline.input.ProgramInput;
import racepipe.pipeline.model.Confirm;
import racepipe.pipeline.model.RacePair;
import racepipe.pipeline.model.SiteInfo;
import racepipe.pipeline.run.Ranking.Tier;

/**
 * analyze's Phase 2: the candidates in rank order, {@code --jobs} pairs at a time (each on its own
 * worker JVM, its trials one after another in seed order), each until the stopping rule settles
 * its verdict or analyze is stopped. A pair not started when the stop comes keeps no verdict
 * (analyze calls it untried).
 */
final class PairQueue {
    /** Of --trials, the random-scheduler trials a pair gets when RaceFuzzer created no race. */
    static final String FALLBACK_SHARE = "half";

    private final ProgramInput program;
    private final ConfirmRuns.Options opt;
    private final TrialLog log;
    private final Stop stop;
    private final Progress bar;
    private final Runnable afterPair;
    private final TrialRunner runner;
    /** Some Phase 1 run went to the end: an access no detector saw then may be one this input does not run. */
    private final boolean ranToEnd;

    PairQueue(ProgramInput program, ConfirmRuns.Options opt, TrialLog log, Stop stop, Progress bar, boolean ranToEnd,
              Runnable afterPair, TrialRunner runner) {
        this.runner = runner;
        this.ranToEnd = ranToEnd;
        this.program = program;
        this.opt = opt;
        this.log = log;
        this.stop = stop;
        this.bar = bar;
        this.afterPair = afterPair;
    }

    void run(List<RacePair> ranked, Map<RacePair, Tier> tiers) throws InterruptedException {
        AtomicInteger next = new AtomicInteger();
        AtomicReference<RuntimeException> failure = new AtomicReference<>();
        List<Thread> lanes = new ArrayList<>();
        for (int j = 0; j < Math.max(1, Math.min(opt.jobs(), ranked.size())); j++) {
            Thread t = new Thread(() -> {
                for (int i; failure.get() == null && !stop.now() && (i = next.getAndIncrement()) < ranked.size(); ) {
                    RacePair p = ranked.get(i);
                    try {
                        bar.pair(i + 1, ranked.size());
                        confirm(p, tiers.get(p), i + 1, ranked.size());
                        afterPair.run();
                    } catch (RuntimeException e) {
                        failure.compareAndSet(null, e);
                    }
                }
            }, "racepipe-pairs-" + j);
            t.start();
            lanes.add(t);
        }
        for (Thread t : lanes) {
            t.join();
        }
        if (failure.get() != null) {
            throw failure.get();
        }
    }

    private void confirm(RacePair p, Tier tier, int index, int pairs) {
        SiteInfo a = p.sites.get(0), b = p.sites.get(1);
        int max = opt.trials();
        if (p.sites.stream().anyMatch(s -> s.className().startsWith("java."))) {
            p.verdict = "unconfirmed";
            p.confirm = Confirm.skipped("a site inside the JDK: Phase 2 does not instrument JDK classes");
            bar.pairDone(p, index, pairs, max, 0);
            return;
        }
        // no run went to the end (all timed out, say): what they did not see may come later, so no probe
        Tier rule = tier == Tier.UNSEEN && !ranToEnd ? Tier.ONE_SITE : tier;
        boolean met = rule == Tier.UNSEEN && metInPlainRun(p.key, a, b);
        Run fuzz = trials(p.key, a, b, opt, met ? Tier.ONE_SITE : rule);
        Run random = null;
        try {
            random = verdict(p, tier, fuzz, a, b);
            if (met && p.confirm != null) {
                p.confirm.note = (p.confirm.note == null ? "" : p.confirm.note + "; ")
                        + "no detector saw either access in Phase 1, but a plain (native) trial brought both to one address"
                        + " from two threads, so it was tried as a pair whose accesses run";
            }
        } finally {
            long unneeded = max - fuzz.trials.size() + (random == null ? 0 : random.planned - random.trials.size());
            bar.pairDone(p, index, pairs, unneeded, fuzz.resumed + (random == null ? 0 : random.resumed));
        }
    }

    /** The pair's verdict from its trials; the random scheduler's fallback run, if it took one. */
    private Run verdict(RacePair p, Tier tier, Run fuzz, SiteInfo a, SiteInfo b) {
        int max = opt.trials();
        List<TrialResult> results = new ArrayList<>(fuzz.trials);
        Run random = null;
        if (fuzz.settled() && tier.observed() && needsRandom(results)) {
            ConfirmRuns.Options r = new ConfirmRuns.Options(Math.max(1, max / 2), Seeds.derive(opt.seed(), -1), "random",
                    opt.jobs(), opt.timeoutMillis(), opt.processPerTrial(), opt.watchdogMillis());
            bar.plan(r.trials());
            random = trials(p.key + "#random", a, b, r, tier);
            results.addAll(random.trials);
        }
        boolean cut = !fuzz.settled() || random != null && !random.settled();
        if (cut && results.stream().noneMatch(TrialResult::raced)) {
            p.verdict = "untried";
            if (!results.isEmpty()) {
                p.confirm = ConfirmRuns.totals(results, opt);
                p.confirm.max = max;
                p.confirm.note = results.size() + " trials ran before analyze stopped (" + stop.reason() + "); --resume continues";
            }
            return random;
        }
        ConfirmRuns.fill(program, p, results, opt);
        p.confirm.max = max;
        p.confirm.settled = fuzz.decision.why();
        if (random != null) {
            p.confirm.note = "RaceFuzzer created no race in " + fuzz.trials.size() + " trials (a partner that only"
                    + " comes once the postponed thread has moved on); then " + FALLBACK_SHARE + " of as many"
                    + " trials under the random scheduler";
            if (random.decision.why() != null) {
                p.confirm.settled = random.decision.why();
            }
        }
        if (cut) {
            p.confirm.note = (p.confirm.note == null ? "" : p.confirm.note + "; ") + "cut short after " + results.size()
                    + " trials: " + stop.reason();
        } else if (fuzz.decision.unreached() && "unconfirmed".equals(p.verdict)) {
            p.verdict = "unreached";
            p.confirm.note = "no detector saw either access (or another on its line) in a Phase 1 run, a plain trial did"
                    + " not bring them to one address, and " + results.size() + " probe trials did not make them race:"
                    + " this input does not run them, or runs them only protected (under one lock, in one thread);"
                    + " racepipe cannot tell which until runs list every site they executed and trials the sites they reached";
        }
        return random;
    }

    /**
     * Before an unseen pair's probe: one trial under the JVM's own scheduler, where the pair's two
     * sites are only watched. Its "raced" says two threads reached the two sites on one address,
     * one access a write, in a row (a covered race, not a created one): the accesses do run, on
     * shared memory, whatever the detectors missed (say, both under a lock the static engine could
     * not prove common). Such a pair is not probed for unreached. Kept as KEY#native in trials.jsonl.
     */
    private boolean metInPlainRun(String key, SiteInfo a, SiteInfo b) {
        ConfirmRuns.Options n = new ConfirmRuns.Options(1, Seeds.derive(opt.seed(), -2), "native", 1, opt.timeoutMillis(),
                opt.processPerTrial(), opt.watchdogMillis());
        String k = key + "#native";
        List<TrialResult> t = runner.runUntil(program, a, b, n, ConfirmRuns.seeds(n), log.done(k), ts -> false,
                r -> log.append(k, r), stop::now);
        return !t.isEmpty() && t.get(0).raced();
    }

    /** A pair's trials under one scheduler: those the decision was made on, and the decision. */
    private record Run(List<TrialResult> trials, int resumed, int planned, Stopping.Decision decision) {
        boolean settled() {
            return decision.stop();
        }
    }

    private Run trials(String key, SiteInfo a, SiteInfo b, ConfirmRuns.Options o, Tier tier) {
        List<Long> seeds = ConfirmRuns.seeds(o);
        Map<Long, TrialResult> done = log.done(key);
        List<TrialResult> trials = runner.runUntil(program, a, b, o, seeds, done,
                ts -> Stopping.decide(ts, o.trials(), tier, a, b).stop(),
                t -> {
                    log.append(key, t);
                    if (!key.endsWith("#native")) { // the native look is no trial of the pair's count
                        bar.trials(1);
                    }
                },
                stop::now);
        int resumed = (int) trials.stream().filter(t -> done.get(t.seed()) == t).count();
        return new Run(trials, resumed, o.trials(), Stopping.decide(trials, o.trials(), tier, a, b));
    }

    /**
     * RaceFuzzer postpones a thread at a racing statement until a partner arrives; a partner
     * that only comes after the postponed thread has moved on (miniserver: the table must fill
     * first) is never met. Random scheduling, which postpones no one, still meets it. Only for a
     * pair happens-before saw unordered in an observed run (evidence the race exists), not for
     * one whose trials hang (given up) or that raced.
     */
    static boolean needsRandom(List<TrialResult> results) {
        return !results.isEmpty() && results.stream().noneMatch(TrialResult::raced)
                && results.stream().anyMatch(t -> t.outcome() != Outcome.TIMEOUT);
    }
}
