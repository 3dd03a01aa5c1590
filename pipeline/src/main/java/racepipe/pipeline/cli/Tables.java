package racepipe.pipeline.cli;

import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import racepipe.pipeline.model.RacePair;
import racepipe.pipeline.model.ResultFile;
import racepipe.pipeline.model.SiteInfo;

/** The short tables people read in the terminal; the details go to the JSON. */
final class Tables {
    private Tables() {
    }

    static String where(SiteInfo s) {
        String cls = s.className().substring(s.className().lastIndexOf('.') + 1);
        return s.file() + ":" + s.line() + " " + cls + "." + s.method().substring(0, s.method().indexOf('('))
                + " " + (s.access().equals("write") ? "W" : "R");
    }

    static void printDetect(PrintStream out, ResultFile r, List<String> detectors, int runs) {
        Map<String, Long> outcomes = new TreeMap<>();
        for (Map<String, Object> run : r.runs) {
            outcomes.merge(String.valueOf(run.get("outcome")), 1L, Long::sum);
        }
        out.println("runs: " + runs + "  outcomes: " + outcomes);
        for (Map<String, Object> run : r.runs) {
            if (!"ok".equals(run.get("outcome"))) {
                Object ex = run.get("exceptions");
                out.println("  run " + run.get("index") + " (seed " + run.get("seed") + "): " + run.get("outcome")
                        + (ex != null ? " " + ex : "") + (run.get("exitStatus") != null ? " status " + run.get("exitStatus") : ""));
            }
        }
        for (String d : detectors) {
            List<RacePair> mine = r.pairs.stream().filter(p -> p.predictors.get(d) != null).toList();
            out.println();
            out.println(d + ": " + mine.size() + " pair" + (mine.size() == 1 ? "" : "s"));
            for (RacePair p : mine) {
                out.printf("  %-40s %-36s ~ %-36s runs %s/%d%n", shortVar(p.variable), where(p.sites.get(0)),
                        where(p.sites.get(1)), p.predictors.get(d), runs);
            }
        }
    }

    static String shortVar(String v) {
        if (v == null) {
            return "?";
        }
        int dot = v.lastIndexOf('.', v.lastIndexOf('.') - 1);
        return v.endsWith("[]") || dot < 0 ? v : v.substring(dot + 1);
    }
}
