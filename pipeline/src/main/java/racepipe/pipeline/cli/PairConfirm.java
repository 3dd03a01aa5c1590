package racepipe.pipeline.cli;

import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import racepipe.pipeline.input.ProgramInput;
import racepipe.pipeline.model.RacePair;
import racepipe.pipeline.model.SiteInfo;

/** Prints what confirming one pair showed, with replay commands people can paste. */
final class PairConfirm {
    private PairConfirm() {
    }

    static void print(PrintStream out, ProgramInput p, RacePair pair, List<Map<String, Object>> trials) {
        Map<String, Object> c = pair.confirm;
        int n = (Integer) c.get("trials");
        int raced = (Integer) c.get("raced");
        SiteInfo a = pair.sites.get(0), b = pair.sites.get(1);
        out.printf("pair  %s%n      %s  ~  %s%n", pair.variable, Tables.where(a), Tables.where(b));
        out.printf("%s, %d trials: raced %d (%.1f%%)  verdict %s%n", c.get("scheduler"), n, raced, pct(raced, n), pair.verdict);
        @SuppressWarnings("unchecked")
        Map<String, Integer> ex = (Map<String, Integer>) c.get("exceptions");
        ex.forEach((type, k) -> out.printf("  %-50s %5d (%.1f%%)%n", type, k, pct(k, n)));
        out.println("outcomes: " + c.get("outcomes") + (((Integer) c.get("watchdogFirings")) > 0
                ? "  watchdog fired " + c.get("watchdogFirings") + "x" : ""));
        String sched = String.valueOf(c.get("scheduler"));
        trials.stream().filter(t -> Boolean.TRUE.equals(t.get("raced"))).findFirst()
                .ifPresent(t -> out.println("replay a race:  " + racepipe.pipeline.run.Replay.command(p, pair, t.get("seed"), sched)));
        trials.stream().filter(t -> t.get("exception") != null).findFirst()
                .ifPresent(t -> out.println("replay a crash: " + racepipe.pipeline.run.Replay.command(p, pair, t.get("seed"), sched)));
    }

    static double pct(int k, int n) {
        return n == 0 ? 0 : 100.0 * k / n;
    }
}
