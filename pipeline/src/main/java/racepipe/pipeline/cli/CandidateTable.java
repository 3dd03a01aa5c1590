package racepipe.pipeline.cli;

import java.io.PrintStream;
import java.util.List;
import racepipe.contract.CandidateKind;
import racepipe.contract.TrialResult;
import racepipe.pipeline.model.Candidate;
import racepipe.pipeline.model.ResultFile;

/**
 * analyze's terminal section per candidate kind beside the race table (lock cycles, atomic
 * blocks): one row per candidate with its verdict, its sites' file:line in order, hits of trials
 * and who predicted it; then one replay line per counted candidate, "replay deadlock 1: COMMAND".
 */
final class CandidateTable {
    private CandidateTable() {
    }

    static void print(PrintStream out, ResultFile r) {
        for (CandidateKind k : CandidateKind.values()) {
            if (k == CandidateKind.RACE || k.section.equals("pairs")) {
                continue;
            }
            List<Candidate> cs = r.candidates(k).stream().filter(c -> c.verdict != null).toList();
            if (cs.isEmpty()) {
                continue;
            }
            out.println();
            long counted = cs.stream().filter(Candidate::counted).count();
            out.println(k.section + ": " + cs.size() + " (" + counted + " shown to happen)");
            for (Candidate c : cs) {
                String sites = String.join(" -> ", c.sites.stream().map(Tables::fileLine).toList());
                String trials = c.confirm == null ? "-" : c.confirm.raced + "/" + c.confirm.trials;
                out.println(AnalyzeTable.cut(String.format("  %-11s %-7s %s  [%s]", c.verdict, trials, sites,
                        String.join(",", c.predictors.keySet())), AnalyzeTable.WIDTH));
                if (c.confirm != null && c.confirm.attribution != null) {
                    out.println(AnalyzeTable.wrap("              " + thrown(c) + c.confirm.attribution, AnalyzeTable.WIDTH));
                }
            }
        }
    }

    /** "Type: message; " of the shown trial's exception, when it threw. */
    private static String thrown(Candidate c) {
        TrialResult t = c.confirm.examples == null ? null : c.confirm.examples.best();
        if (t == null || t.exception() == null) {
            return "";
        }
        return AnalyzeTable.shortName(t.exception().type()) + (t.exception().message() == null ? "" : ": " + t.exception().message()) + "; ";
    }

    /** The replay lines of the counted candidates, numbered per kind. */
    static void replays(PrintStream out, ResultFile r) {
        for (CandidateKind k : CandidateKind.values()) {
            if (k == CandidateKind.RACE) {
                continue;
            }
            int n = 0;
            for (Candidate c : r.candidates(k)) {
                if (c.counted() && c.confirm != null && c.confirm.replay != null) {
                    out.println("replay " + k.label + " " + (++n) + ": " + c.confirm.replay);
                }
            }
        }
    }
}
