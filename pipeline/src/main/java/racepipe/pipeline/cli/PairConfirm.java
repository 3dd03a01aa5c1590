package racepipe.pipeline.cli;

import racepipe.pipeline.model.Confirm;
import racepipe.contract.TrialResult;
import java.io.PrintStream;
import java.util.List;
import racepipe.pipeline.input.ProgramInput;
import racepipe.pipeline.model.RacePair;
import racepipe.pipeline.model.SiteInfo;

/** Prints what confirming one pair showed, with replay commands people can paste. */
final class PairConfirm {
    private PairConfirm() {
    }

    static void print(PrintStream out, ProgramInput p, RacePair pair, List<TrialResult> trials) {
        Confirm c = pair.confirm;
        int n = c.trials;
        int raced = c.raced;
        SiteInfo a = pair.sites.get(0), b = pair.sites.get(1);
        out.printf("pair  %s%n      %s  ~  %s%n", pair.variable, Tables.where(a), Tables.where(b));
        out.printf("%s, %d trials: raced %d (%.1f%%)  verdict %s%n", c.scheduler, n, raced, pct(raced, n), pair.verdict);
        c.exceptions.forEach((type, k) -> out.printf("  %-50s %5d (%.1f%%)%n", type, k, pct(k, n)));
        out.println("outcomes: " + c.outcomes + (c.watchdogFirings > 0 ? "  watchdog fired " + c.watchdogFirings + "x" : ""));
        String sched = c.scheduler;
        trials.stream().filter(TrialResult::raced).findFirst()
                .ifPresent(t -> out.println("replay a race:  " + racepipe.pipeline.run.Replay.command(p, pair, t.seed(), sched)));
        trials.stream().filter(t -> t.exception() != null).findFirst()
                .ifPresent(t -> out.println("replay a crash: " + racepipe.pipeline.run.Replay.command(p, pair, t.seed(), sched)));
    }

    static double pct(int k, int n) {
        return n == 0 ? 0 : 100.0 * k / n;
    }
}
