package racepipe.pipeline.cli;

import racepipe.pipeline.model.DetectRun;
import racepipe.contract.Outcome;
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

    /** "Main.java:9". */
    static String fileLine(SiteInfo s) {
        return s.file() + ":" + s.line();
    }

    static String where(SiteInfo s) {
        String cls = s.className().substring(s.className().lastIndexOf('.') + 1);
        return s.file() + ":" + s.line() + " " + cls + "." + s.method().substring(0, s.method().indexOf('('))
                + " " + (s.access().equals("write") ? "W" : "R");
    }

    static void printDetect(PrintStream out, ResultFile r, List<String> detectors, int runs) {
        Map<String, Long> outcomes = new TreeMap<>();
        for (DetectRun run : r.runs) {
            outcomes.merge(run.outcome().label(), 1L, Long::sum);
        }
        out.println("runs: " + runs + "  outcomes: " + outcomes);
        for (DetectRun run : r.runs) {
            if (run.outcome() != Outcome.OK) {
                String ex = run.exceptions() == null ? "" : run.exceptions().stream()
                        .map(e -> " " + e.type() + ": " + e.message() + " (" + e.thread() + ")").reduce("", String::concat);
                out.println("  run " + run.index() + " (" + (run.seed() == null ? "the JVM's scheduling" : "seed " + run.seed()) + "): " + run.outcome()
                        + ex + (run.exitStatus() != null ? " status " + run.exitStatus() : ""));
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
