package racepipe.pipeline.cli;

import racepipe.pipeline.model.Confirm;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import racepipe.pipeline.model.RacePair;
import racepipe.pipeline.model.ResultFile;

/** The table analyze ends with: one line per candidate, then one replay command per confirmed pair. */
final class AnalyzeTable {
    private static final List<String> ORDER = List.of("harmful", "real", "unconfirmed");

    private AnalyzeTable() {
    }

    static void print(PrintStream out, ResultFile r, Path dir) {
        List<RacePair> rows = r.pairs.stream().filter(p -> p.verdict != null)
                .sorted(Comparator.comparing((RacePair p) -> ORDER.indexOf(p.verdict)).thenComparing(p -> p.variable)).toList();
        out.println();
        out.printf("%-11s %-28s %-38s %-38s %6s %6s  %-22s %s%n", "verdict", "variable", "access 1", "access 2",
                "race%", "crash%", "exception", "predicted by");
        for (RacePair p : rows) {
            Confirm c = p.confirm;
            int n = c.trials;
            int raced = c.raced;
            Map<String, Integer> ex = c.exceptions;
            int crashes = ex.values().stream().mapToInt(Integer::intValue).sum();
            String exception = ex.isEmpty() ? "" : shortName(ex.keySet().iterator().next());
            out.printf("%-11s %-28s %-38s %-38s %6s %6s  %-22s %s%n", p.verdict, cut(Tables.shortVar(p.variable), 28),
                    cut(Tables.where(p.sites.get(0)), 38), cut(Tables.where(p.sites.get(1)), 38),
                    n == 0 ? "-" : String.format("%.0f", 100.0 * raced / n), n == 0 ? "-" : String.format("%.0f", 100.0 * crashes / n),
                    cut(exception, 22), String.join(",", p.predictors.keySet().stream().filter(k -> !k.contains(":")).toList()));
        }
        out.println();
        for (RacePair p : rows) {
            if (!"unconfirmed".equals(p.verdict) && p.confirm.replay != null) {
                out.println("replay " + Tables.shortVar(p.variable) + ": " + p.confirm.replay);
            }
        }
        out.println("report: " + dir.resolve("report.html") + " (also report.json, report.sarif)");
    }

    static String shortName(String type) {
        return type.substring(type.lastIndexOf('.') + 1);
    }

    static String cut(String s, int n) {
        return s.length() <= n ? s : s.substring(0, n - 1) + "~";
    }
}
