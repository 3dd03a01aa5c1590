package racepipe.pipeline.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import racepipe.contract.CandidateKind;
import racepipe.contract.Outcome;
import racepipe.pipeline.model.Confirm;
import racepipe.pipeline.model.RacePair;
import racepipe.pipeline.model.ResultFile;
import racepipe.pipeline.model.RunNotes;
import racepipe.pipeline.model.SiteInfo;
import racepipe.pipeline.report.Legend;

/**
 * What analyze ends with, at most {@link #WIDTH} columns: the tried pairs grouped by variable, the
 * known (baseline) and suppressed ones apart, a legend, one replay command per counted race; the
 * details are in report.html.
 */
final class AnalyzeTable {
    static final int WIDTH = 120;
    private static final List<String> ORDER = List.of("harmful", "real", "unconfirmed");
    private static final String ROW = "  %-11s %-27s %-27s %5s %6s  %-20s %s";

    private AnalyzeTable() {
    }

    static void print(PrintStream out, ResultFile r, Path dir) {
        List<RacePair> tried = r.pairs.stream().filter(p -> p.verdict != null && ORDER.contains(p.verdict))
                .sorted(Comparator.comparing((RacePair p) -> ORDER.indexOf(p.verdict)).thenComparing(p -> p.variable)).toList();
        List<RacePair> unreached = r.pairs.stream().filter(p -> "unreached".equals(p.verdict)).toList();
        List<RacePair> untried = r.pairs.stream().filter(p -> "untried".equals(p.verdict)).toList();
        List<RacePair> shown = tried.stream().filter(p -> !Boolean.TRUE.equals(p.baseline) && p.suppressed == null).toList();
        out.println();
        if (!shown.isEmpty()) {
            out.println(String.format(ROW, "verdict", "access 1", "access 2", "race%", "crash%", "exception", "predicted by").stripTrailing());
            Map<String, List<RacePair>> byVariable = new LinkedHashMap<>();
            shown.forEach(p -> byVariable.computeIfAbsent(p.variable, v -> new ArrayList<>()).add(p));
            byVariable.forEach((variable, pairs) -> {
                out.println(cut(variable == null ? "?" : variable, WIDTH));
                pairs.forEach(p -> {
                    row(out, p);
                    if (p.variables != null) { // several of a library's variables race between the same two calls
                        out.println(wrap("              also " + (p.induced() ? "raced on " : "may race on ") + String.join(", ",
                                p.variables.stream().filter(v -> !v.equals(p.variable)).map(Tables::shortVar).toList()), WIDTH));
                    }
                });
            });
            legend(out, r);
        }
        apart(out, tried, "known (in the baseline report; not counted)", p -> Boolean.TRUE.equals(p.baseline) && p.suppressed == null);
        apart(out, tried, "suppressed (not counted)", p -> p.suppressed != null);
        if (!unreached.isEmpty()) {
            out.println();
            out.println(wrap("unreached: " + unreached.size() + (unreached.size() == 1 ? " pair" : " pairs")
                    + " (no run showed either access racing: not run by this input, or always protected);"
                    + " listed in report.html", WIDTH));
            long unwatched = unreached.stream().filter(p -> p.unwatched != null).count();
            if (unwatched > 0) {
                out.println(wrap("  " + unwatched + " of them in a method left uninstrumented: never watched, not known to be safe", WIDTH));
            }
        }
        List<String> left = RunNotes.uninstrumented(r.uninstrumented);
        left.stream().limit(5).forEach(l -> out.println(wrap(l, WIDTH)));
        if (left.size() > 5) {
            out.println((left.size() - 5) + " more methods not instrumented: listed in report.json (uninstrumented)");
        }
        if (r.failure == null) {
            out.println(summary(tried, unreached.size(), untried.size()));
        }
        CandidateTable.print(out, r);
        String deadlocks = RunNotes.deadlocks(r.runs, !r.candidates(CandidateKind.LOCK_CYCLE).isEmpty());
        if (deadlocks != null) {
            out.println(wrap(deadlocks, WIDTH));
        }
        if (r.stopped != null) {
            ResultFile.Stopped s = r.stopped;
            out.println(wrap(String.format(java.util.Locale.ROOT, "stopped in %s after %.0f s: %s; %d of %d pairs left untried",
                    s.phase(), s.seconds(), s.why(), s.untried(), s.candidates()), WIDTH));
            if (r.variables != null) {
                out.println(wrap("tried per variable: " + String.join(", ", r.variables.stream()
                        .sorted(Comparator.comparingInt((ResultFile.VariableCount v) -> -v.pairs()))
                        .map(v -> Tables.shortVar(v.variable()) + " " + v.tried() + "/" + v.pairs()).toList()), WIDTH));
            }
        }
        for (RacePair p : shown) {
            if (p.induced() && p.confirm.replay != null) {
                out.println("replay " + Tables.shortVar(p.variable) + ": " + p.confirm.replay);
            }
        }
        CandidateTable.replays(out, r);
        out.println("report: " + dir.resolve("report.html") + " (also report.json, report.sarif)");
    }

    private static void row(PrintStream out, RacePair p) {
        Confirm c = p.confirm;
        int n = c.trials;
        int crashes = c.exceptions.values().stream().mapToInt(Integer::intValue).sum();
        String exception = c.exceptions.isEmpty() ? "" : shortName(c.exceptions.keySet().iterator().next());
        List<String> by = Legend.PREDICTORS.stream().filter(x -> p.predictors.containsKey(x[1])).map(x -> x[0]).toList();
        out.println(String.format(ROW, p.verdict, cut(at(p.sites.get(0)), 27), cut(at(p.sites.get(1)), 27),
                n == 0 ? "-" : String.format("%.0f", 100.0 * c.raced / n), n == 0 ? "-" : String.format("%.0f", 100.0 * crashes / n),
                cut(exception, 20), String.join(",", by)).stripTrailing());
        if ("harmful".equals(p.verdict) && c.attribution != null) {
            out.println("              harmful: " + c.attribution);
        } else if ("real".equals(p.verdict) && crashes > 0 && c.attribution != null) {
            out.println(wrap("              not harmful: " + c.attribution, WIDTH));
        } else if (n == 0 && c.note != null) {
            out.println(wrap("              not tried: " + c.note, WIDTH));
        } else if ("unconfirmed".equals(p.verdict) && c.outcome(Outcome.TIMEOUT) > 0) {
            out.println(wrap("              " + c.outcome(Outcome.TIMEOUT) + " of " + n + " trials timed out", WIDTH));
        }
    }

    /** The pairs a baseline or suppression set apart: one short line each. */
    private static void apart(PrintStream out, List<RacePair> tried, String title, java.util.function.Predicate<RacePair> which) {
        List<RacePair> pairs = tried.stream().filter(which).toList();
        if (pairs.isEmpty()) {
            return;
        }
        out.println();
        out.println(title + ": " + pairs.size());
        for (RacePair p : pairs) {
            String line = String.format("  %-11s %s  %s ~ %s", p.verdict, Tables.shortVar(p.variable),
                    Tables.fileLine(p.sites.get(0)), Tables.fileLine(p.sites.get(1)));
            out.println(cut(line + (p.suppressed == null ? "" : "  # " + p.suppressed), WIDTH));
        }
    }

    /** The verdicts' meanings (unreached and untried only when there are such pairs), the predictors'. */
    private static void legend(PrintStream out, ResultFile r) {
        out.println();
        for (String[] v : Legend.VERDICTS) {
            if (!ORDER.contains(v[0]) && r.pairs.stream().noneMatch(p -> v[0].equals(p.verdict))) {
                continue;
            }
            out.println(wrap(String.format("%-12s %s", v[0], v[1]), WIDTH));
        }
        StringBuilder by = new StringBuilder("predicted by:");
        for (String[] p : Legend.PREDICTORS) {
            by.append(p == Legend.PREDICTORS.get(0) ? " " : "; ").append(p[0]).append(' ').append(title(p[1]));
        }
        out.println(wrap(by.toString(), WIDTH));
    }

    private static String title(String predictor) {
        return switch (predictor) {
            case "static" -> "static analysis";
            case "ls" -> "lockset";
            case "eraser" -> "Eraser";
            case "hybrid" -> "hybrid (lockset + start/join order)";
            case "hb" -> "happens-before";
            case "shb" -> "schedulable HB";
            case "wcp" -> "WCP";
            case "syncp" -> "SyncP";
            default -> predictor;
        };
    }

    static String summary(List<RacePair> tried) {
        return summary(tried, 0, 0);
    }

    /** The one summary line; unreached and untried pairs are counted after the tried ones when there are any. */
    static String summary(List<RacePair> tried, int unreached, int untried) {
        long counted = tried.stream().filter(RacePair::counted).count();
        long harmful = tried.stream().filter(p -> p.counted() && "harmful".equals(p.verdict)).count();
        long known = tried.stream().filter(p -> p.induced() && Boolean.TRUE.equals(p.baseline) && p.suppressed == null).count();
        long suppressed = tried.stream().filter(p -> p.induced() && p.suppressed != null).count();
        long unconfirmed = tried.stream().filter(p -> "unconfirmed".equals(p.verdict)).count();
        StringBuilder s = new StringBuilder().append('\n').append(counted).append(counted == 1 ? " race" : " races")
                .append(" confirmed").append(harmful > 0 ? " (" + harmful + " harmful)" : "");
        if (known > 0) {
            s.append(", ").append(known).append(" known");
        }
        if (suppressed > 0) {
            s.append(", ").append(suppressed).append(" suppressed");
        }
        s.append(", ").append(unconfirmed).append(" unconfirmed");
        if (unreached > 0) {
            s.append(", ").append(unreached).append(" unreached");
        }
        int n = tried.size() + unreached;
        s.append(" of ").append(n).append(n == 1 ? " pair" : " pairs").append(" tried");
        if (untried > 0) {
            s.append("; ").append(untried).append(" untried");
        }
        return s.toString();
    }

    /** "Main.java:9 lambda$main$0 W": where an access is, under its variable's heading. */
    static String at(SiteInfo s) {
        return Tables.fileLine(s) + " " + s.method().substring(0, s.method().indexOf('(')) + " "
                + (s.access().equals("write") ? "W" : "R");
    }

    static String shortName(String type) {
        return type.substring(type.lastIndexOf('.') + 1);
    }

    static String cut(String s, int n) {
        return s.length() <= n ? s : s.substring(0, n - 1) + "~";
    }

    /** Prose longer than n broken at spaces, each further line indented two more than the first: a note loses nothing. */
    static String wrap(String s, int n) {
        if (s.length() <= n) {
            return s;
        }
        String indent = " ".repeat(s.length() - s.stripLeading().length() + 2);
        StringBuilder out = new StringBuilder();
        String rest = s;
        while (rest.length() > n) {
            int at = rest.lastIndexOf(' ', n);
            if (at <= indent.length()) {
                at = rest.indexOf(' ', n); // one word longer than the line: it stays whole
                if (at < 0) {
                    break;
                }
            }
            out.append(rest, 0, at).append('\n');
            rest = indent + rest.substring(at + 1).stripLeading();
        }
        return out.append(rest).toString();
    }
}
