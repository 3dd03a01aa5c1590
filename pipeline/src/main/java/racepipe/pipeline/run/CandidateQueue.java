package racepipe.pipeline.run;

import java.util.List;
import java.util.Map;
import racepipe.contract.CandidateKind;
import racepipe.contract.TrialResult;
import racepipe.pipeline.input.ProgramInput;
import racepipe.pipeline.model.Candidate;
import racepipe.pipeline.model.Confirm;
import racepipe.pipeline.model.TrialSummary;

/**
 * analyze's Phase 2 for the candidates of the other kinds (lock cycles, atomic blocks), the way
 * {@link PairQueue} takes pairs: in the order given, each on a worker JVM whose scheduler runs the
 * kind's strategy over the candidate's sites, trials in seed order until {@link CandidateRules}
 * settles the verdict; trials go to trials.jsonl under the candidate's key (resumable); a
 * candidate not reached when analyze is stopped stays untried. Runs on this machine's workers
 * (a cluster's TrialRunner takes race pairs only).
 */
final class CandidateQueue {
    private final ProgramInput program;
    private final ConfirmRuns.Options opt;
    private final TrialLog log;
    private final Stop stop;
    private final Progress bar;
    private final Runnable afterEach;

    CandidateQueue(ProgramInput program, ConfirmRuns.Options opt, TrialLog log, Stop stop, Progress bar, Runnable afterEach) {
        this.program = program;
        this.opt = opt;
        this.log = log;
        this.stop = stop;
        this.bar = bar;
        this.afterEach = afterEach;
    }

    void run(List<Candidate> candidates) {
        for (Candidate c : candidates) {
            if (stop.now()) {
                return;
            }
            confirm(c);
            afterEach.run();
        }
    }

    private void confirm(Candidate c) {
        CandidateKind kind = c.kindOf();
        ConfirmRuns.Options o = new ConfirmRuns.Options(opt.trials(), opt.seed(), kind.scheduler, 1, opt.timeoutMillis(),
                opt.processPerTrial(), opt.watchdogMillis());
        List<Long> seeds = ConfirmRuns.seeds(o);
        Map<Long, TrialResult> done = log.done(c.key);
        List<TrialResult> trials = ConfirmRuns.runUntil(program, c.siteKeys(), o, seeds, done,
                ts -> CandidateRules.decide(kind, c.sites, ts, o.trials()).stop(),
                t -> {
                    log.append(c.key, t);
                    bar.trials(1);
                },
                stop::now);
        Stopping.Decision decision = CandidateRules.decide(kind, c.sites, trials, o.trials());
        bar.plan(trials.size() - (long) o.trials()); // the trials a settled candidate did not need
        fill(program, c, trials, o);
        if (!decision.stop() && !"confirmed".equals(c.verdict) && !"harmful".equals(c.verdict)) {
            c.verdict = "untried"; // cut short by the budget or a signal before its verdict was settled
            c.confirm.note = trials.size() + " trials ran before analyze stopped (" + stop.reason() + "); --resume continues";
        } else {
            c.confirm.settled = decision.why();
        }
    }

    /** The totals, verdict, trial summaries, example and replay command of a candidate's trials. */
    static void fill(ProgramInput program, Candidate c, List<TrialResult> trials, ConfirmRuns.Options opt) {
        CandidateKind kind = c.kindOf();
        c.confirm = ConfirmRuns.totals(trials, opt);
        c.confirm.max = opt.trials();
        c.verdict = CandidateRules.verdict(kind, c.sites, trials);
        if (kind == CandidateKind.ATOMIC_BLOCK && CandidateRules.threw(c.sites, trials)) {
            c.confirm.attribution = BlockAttribution.of(c.sites, trials).why();
        }
        c.trials = trials.stream().map(TrialSummary::of).toList();
        TrialResult example = kind == CandidateKind.ATOMIC_BLOCK ? CandidateRules.example(c.sites, trials, c.verdict)
                : CandidateRules.example(trials);
        if (example != null) {
            c.confirm.examples = new Confirm.Examples(example, example.exception() != null ? example : null);
            c.seed = example.seed();
            c.confirm.replay = Replay.command(program, kind, c.siteKeys(), example.seed());
            if (kind == CandidateKind.LOCK_CYCLE && example.deadlock() != null) {
                List<String> stacks = DeadlockStacks.of(c, example.deadlock());
                c.stacks = stacks != null ? stacks : c.stacks;
            }
        }
    }
}
