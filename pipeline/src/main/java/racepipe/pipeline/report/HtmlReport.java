package racepipe.pipeline.report;

import racepipe.pipeline.model.Program;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import racepipe.pipeline.model.ResultFile;
import racepipe.pipeline.model.RunNotes;

/**
 * report.html: one self-contained page (inline CSS and SVG, no external assets): the summary,
 * the predictor sets and their overlaps, then every pair, grouped by variable, with its evidence,
 * library frames, stacks and replay.
 */
public final class HtmlReport {
    private HtmlReport() {
    }

    public static void write(ResultFile r, Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.writeString(file, render(r), StandardCharsets.UTF_8);
    }

    static String render(ResultFile r) {
        ResultFile res = r == null ? new ResultFile() : r;
        List<PairView> all = PairView.of(res.pairs);
        List<PairView> pairs = all.stream().filter(p -> !p.kind().listOnly()).toList();
        String entry = res.program == null ? null : res.program.entry();
        StringBuilder b = new StringBuilder(32_768);
        b.append("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
                .append("<title>racepipe report").append(entry == null ? "" : ": " + Html.esc(entry)).append("</title>")
                .append("<style>").append(HtmlStyle.CSS).append("</style></head><body><main>");
        header(b, res);
        if (res.failure != null) {
            b.append("<div class=\"card failure\">").append(Html.esc(res.failure)).append("</div>");
        }
        List<String> notes = new java.util.ArrayList<>(RunNotes.of(res.runs, res.options == null ? null : res.options.get("timeout")));
        if (res.options != null && res.options.get("runsSkipped") instanceof Number n) {
            notes.add(RunNotes.skipped(n.intValue(), res.options.get("runsSkippedWhy")));
        }
        notes.addAll(RunNotes.uninstrumented(res.uninstrumented));
        if (!notes.isEmpty()) {
            b.append("<div class=\"card notes\"><b>Phase 1:</b> ").append(Html.esc(String.join("; ", notes)))
                    .append(" (the detectors saw only what ran)</div>");
        }
        if (res.stopped != null) {
            ResultFile.Stopped st = res.stopped;
            b.append("<div class=\"card stopped\"><b>Stopped</b> in ").append(Html.esc(st.phase())).append(" after ")
                    .append(Html.seconds(st.seconds())).append(": ").append(Html.esc(st.why())).append(". ")
                    .append(st.untried()).append(" of ").append(st.candidates())
                    .append(" candidates left untried; <code>racepipe analyze … --resume OUT</code> continues.</div>");
        }
        tiles(b, res, all);
        overview(b, res);
        b.append("<h2 id=\"pairs\">Pairs</h2>");
        if (pairs.isEmpty()) {
            b.append("<div class=\"card empty\">No candidate pairs: no predictor reported a race.</div>");
        }
        long runs = runs(res);
        // grouped by variable, as the terminal's table: the groups in the order of their first (most severe) pair
        Map<String, List<PairView>> byVariable = new LinkedHashMap<>();
        pairs.forEach(p -> byVariable.computeIfAbsent(p.variable(), v -> new ArrayList<>()).add(p));
        int index = 0;
        for (Map.Entry<String, List<PairView>> g : byVariable.entrySet()) {
            int n = g.getValue().size();
            b.append("<div class=\"group\"><h2 class=\"var\"><code>").append(Html.esc(g.getKey())).append("</code> <span class=\"muted\">")
                    .append(n).append(n == 1 ? " pair" : " pairs").append("</span></h2>");
            for (PairView p : g.getValue()) {
                b.append(PairSection.html(p, ++index, runs));
            }
            b.append("</div>");
        }
        for (Verdict v : Verdict.values()) {
            if (v.listOnly()) {
                PairSection.list(b, v, all.stream().filter(p -> p.kind() == v).toList());
            }
        }
        CandidateHtml.html(b, res);
        b.append("<footer>racepipe ").append(Html.esc(res.tool == null ? null : res.tool.version())).append("<dl>");
        for (String[] v : Legend.VERDICTS) {
            b.append("<dt>").append(Html.esc(v[0])).append("</dt><dd>").append(Html.esc(v[1])).append("</dd>");
        }
        for (String[] p : Legend.PREDICTORS) {
            b.append("<dt>").append(Html.esc(PredictorSets.title(p[1]))).append("</dt><dd>").append(Html.esc(p[2])).append("</dd>");
        }
        b.append("</dl>known: in the --baseline report, not counted · suppressed: covered by a --suppress line, not counted</footer>");
        b.append("</main><script>").append(HtmlStyle.SCRIPT).append("</script></body></html>\n");
        return b.toString();
    }

    private static void header(StringBuilder b, ResultFile r) {
        Program prog = r.program == null ? new Program(null, null, null, List.of()) : r.program;
        String entry = prog.entry();
        String jar = prog.jar();
        String sha = prog.sha256();
        b.append("<div class=\"top\" id=\"summary\"><div><h1>racepipe report</h1><div class=\"prog\">");
        b.append("program <code>").append(Html.esc(entry == null ? "?" : entry)).append("</code>");
        List<String> args = prog.args() == null ? List.of() : prog.args();
        if (!args.isEmpty()) {
            b.append(" <code>");
            args.forEach(a -> b.append(Html.esc(a)).append(' '));
            b.append("</code>");
        }
        if (jar != null) {
            b.append(" · <code>").append(Html.esc(jar)).append("</code>");
        }
        if (sha != null) {
            b.append(" <span title=\"sha256 ").append(Html.esc(sha)).append("\">sha256 ")
                    .append(Html.esc(sha.length() > 12 ? sha.substring(0, 12) : sha)).append("…</span>");
        }
        b.append("</div></div><div class=\"prog\">");
        StringBuilder opts = new StringBuilder();
        for (String k : List.of("predictors", "engine", "runs", "trials", "seed", "jobs", "timeout")) {
            Object v = r.options == null ? null : r.options.get(k);
            if (v != null) {
                String text = v instanceof java.util.Collection<?> c
                        ? String.join(",", c.stream().map(String::valueOf).toList()) : String.valueOf(v);
                opts.append(opts.length() == 0 ? "" : " · ").append(Html.esc(k)).append(" <code>")
                        .append(Html.esc(text)).append("</code>");
            }
        }
        b.append(opts).append("</div></div>");
    }

    private static void tiles(StringBuilder b, ResultFile r, List<PairView> pairs) {
        b.append("<div class=\"tiles\">");
        for (Verdict v : Verdict.values()) {
            long n = pairs.stream().filter(p -> p.kind() == v).count();
            b.append("<div class=\"tile t-").append(v.name).append("\"><div class=\"n\">").append(n)
                    .append("</div><div class=\"t\">").append(v.name).append("</div></div>");
        }
        Map<String, Double> phases = r.summary == null || r.summary.phases() == null ? Map.of() : r.summary.phases();
        if (!phases.isEmpty()) {
            double max = 0.001;
            double total = 0;
            for (double s : phases.values()) {
                max = Math.max(max, s);
                total += s;
            }
            Double wall = r.summary.wall();
            Integer sessions = r.summary.sessions();
            b.append("<div class=\"tile t-phases\"><div class=\"t\">phases · ").append(Html.seconds(wall != null ? wall : total))
                    .append(wall != null ? " wall" : "")
                    .append(sessions != null && sessions > 1 ? " · " + sessions + " sessions" : "")
                    .append("</div><table class=\"phases\">");
            for (Map.Entry<String, Double> e : phases.entrySet()) {
                double s = e.getValue();
                b.append("<tr><td>").append(Html.esc(e.getKey())).append("</td><td class=\"pbar\"><span style=\"width:")
                        .append(String.format(java.util.Locale.ROOT, "%.1f", 100 * s / max)).append("%\"></span></td><td class=\"num\">")
                        .append(Html.seconds(s)).append("</td></tr>");
            }
            b.append("</table></div>");
        }
        b.append("</div>");
    }

    private static void overview(StringBuilder b, ResultFile r) {
        PredictorSets sets = new PredictorSets(r);
        b.append("<div class=\"card\" id=\"sets\"><h2>Predictor sets</h2><div class=\"overview\"><div>")
                .append(SetDiagram.svg(sets))
                .append(sets.has("wcp") || sets.has("syncp") ? SetDiagram.svg(sets, SetDiagram.PREDICTIVE) : "")
                .append("</div><div>").append(SetTable.html(sets, r))
                .append("<div class=\"legend\">Candidates = Static ∪ Hybrid go to confirmation; ")
                .append("Induced = pairs a trial brought together on the same address. ")
                .append("Each region of the diagram counts the pairs predicted by exactly those predictors.</div>")
                .append("</div></div></div>");
    }

    private static long runs(ResultFile r) {
        long n = r.options != null && r.options.get("runs") instanceof Number x ? x.longValue() : 0;
        return n > 0 ? n : r.runs == null ? 0 : r.runs.size();
    }
}
