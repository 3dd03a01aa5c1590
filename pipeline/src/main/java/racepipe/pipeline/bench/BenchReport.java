package racepipe.pipeline.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import racepipe.pipeline.model.ResultFile;

/** The research table of a suite: terminal, results.json, results.md and results.html. */
public final class BenchReport {
    private static final List<String> SIZES = List.of("static:wala", "static:sootup", "ls", "eraser", "hybrid", "hb", "shb",
            "wcp", "syncp",
            "candidates", "induced", "real", "harmful");
    private static final List<String> HEAD = List.of("Static(W)", "Static(S)", "LS", "Eraser", "Hybrid", "HB", "SHB", "WCP",
            "SyncP", "Cand", "Induced",
            "Real", "harmful");

    private static final List<String> QUALITY = List.of("static:wala", "hybrid", "hb", "wcp", "syncp");

    private BenchReport() {
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> m(Object o, String k) {
        return (Map<String, Object>) ((Map<String, Object>) o).get(k);
    }

    public static void print(PrintStream out, List<BenchRow> rows) {
        StringBuilder h = new StringBuilder(String.format("%-14s", "benchmark"));
        HEAD.forEach(c -> h.append(String.format(" %9s", c)));
        h.append("   P/R static  P/R hybrid  P/R hb  P/R wcp  P/R syncp     checks   time");
        out.println(h);
        for (BenchRow r : rows) {
            StringBuilder line = new StringBuilder(String.format("%-14s", r.name));
            Map<String, Object> sizes = m(r.json, "sizes");
            SIZES.forEach(k -> line.append(String.format(" %9s", sizes.get(k))));
            Map<String, Object> q = m(r.json, "quality");
            for (String k : QUALITY) {
                Map<String, Object> pq = (Map<String, Object>) q.get(k);
                line.append(String.format("  %s/%s", pct(pq.get("precision")), pct(pq.get("recall"))));
            }
            Map<String, Object> checks = m(r.json, "checks");
            long broken = checks.values().stream().filter(v -> !Boolean.TRUE.equals(v)).count();
            line.append(broken == 0 ? "   all hold" : "   " + broken + " FAIL");
            Map<String, Object> ph = m(r.json, "phases");
            double t = r.json.get("wallSeconds") instanceof Number w ? w.doubleValue()
                    : ph.values().stream().mapToDouble(v -> ((Number) v).doubleValue()).sum();
            line.append(String.format(" %5.0fs", t));
            out.println(line);
            checks.forEach((k, v) -> {
                if (!Boolean.TRUE.equals(v)) {
                    out.println("    \u001b[31mFAILED: " + k + "\u001b[0m");
                }
            });
            Map<String, Object> real = m(r.json, "real");
            if (real != null && !RealSource.TRUTH.equals(real.get("source"))) {
                out.println("    Real from " + realSource(real));
            }
            if (real != null) {
                for (Object d : (List<?>) real.get("disagreements")) {
                    out.println("    \u001b[31mtruth file vs exploration: " + d + "\u001b[0m");
                }
            }
            Map<String, Object> tr = m(r.json, "truth");
            if (!((List<?>) tr.get("realNotConfirmed")).isEmpty()) {
                out.println("    real pairs not confirmed: " + tr.get("realNotConfirmed"));
            }
            if (!((List<?>) tr.get("falseInduced")).isEmpty()) {
                out.println("    false pairs induced: " + tr.get("falseInduced"));
            }
            if (((Number) tr.get("unlistedInduced")).intValue() > 0) {
                out.println("    unlisted pairs induced: " + tr.get("unlistedInduced"));
            }
        }
        DeadlockTable.print(out, rows);
        AtomicityTable.print(out, rows);
    }

    /** "explore (complete), 8 executions, 0.7 s": where a benchmark's Real set came from. */
    static String realSource(Map<String, Object> real) {
        String s = String.valueOf(real.get("source"));
        if (real.containsKey("executions")) {
            s += ", " + real.get("executions") + " executions, " + real.get("seconds") + " s"
                    + (Boolean.TRUE.equals(real.get("complete")) ? "" : " (" + real.get("incomplete") + ")");
        }
        return s;
    }

    static String pct(Object v) {
        return v == null ? "-" : String.format("%.0f", 100 * ((Number) v).doubleValue());
    }

    public static void write(Path dir, List<BenchRow> rows, ResultFile meta) throws IOException {
        Map<String, Object> all = new LinkedHashMap<>();
        all.put("tool", meta.tool);
        all.put("options", meta.options);
        all.put("benchmarks", rows.stream().map(r -> r.json).toList());
        ResultFile.JSON.writeValue(dir.resolve("results.json").toFile(), all);
        Files.writeString(dir.resolve("results.md"), markdown(rows));
        Files.writeString(dir.resolve("results.html"), html(rows));
    }

    @SuppressWarnings("unchecked")
    static String markdown(List<BenchRow> rows) {
        StringBuilder sb = new StringBuilder("# racepipe bench\n\n| benchmark | " + String.join(" | ", HEAD)
                + " | P/R static | P/R hybrid | P/R hb | P/R wcp | P/R syncp | checks |\n|" + "---|".repeat(HEAD.size() + 7) + "\n");
        for (BenchRow r : rows) {
            Map<String, Object> sizes = m(r.json, "sizes"), q = m(r.json, "quality"), checks = m(r.json, "checks");
            sb.append("| ").append(r.name);
            SIZES.forEach(k -> sb.append(" | ").append(sizes.get(k)));
            for (String k : QUALITY) {
                Map<String, Object> pq = (Map<String, Object>) q.get(k);
                sb.append(" | ").append(pct(pq.get("precision"))).append("/").append(pct(pq.get("recall")));
            }
            long broken = checks.values().stream().filter(v -> !Boolean.TRUE.equals(v)).count();
            sb.append(" | ").append(broken == 0 ? "all hold" : "**" + broken + " failed**: " + String.join("; ",
                    checks.entrySet().stream().filter(e -> !Boolean.TRUE.equals(e.getValue())).map(Map.Entry::getKey).toList()));
            sb.append(" |\n");
        }
        sb.append("\nP/R: precision and recall (%) against each benchmark's Real set; precision counts pairs the truth file does not list as false.\n");
        sb.append("\n| benchmark | Real from | disagreements of the truth file with exploration |\n|---|---|---|\n");
        for (BenchRow r : rows) {
            Map<String, Object> real = m(r.json, "real");
            sb.append("| ").append(r.name).append(" | ").append(real == null ? RealSource.TRUTH : realSource(real)).append(" | ")
                    .append(real == null ? "" : esc(String.join("; ", ((List<?>) real.get("disagreements")).stream().map(String::valueOf).toList())))
                    .append(" |\n");
        }
        sb.append(DeadlockTable.markdown(rows));
        AtomicityTable.markdown(sb, rows);
        for (BenchRow r : rows) {
            pairTable(sb, r);
        }
        return sb.toString();
    }

    /**
     * One benchmark's truth pairs (and unlisted candidates outside the JDK): who predicted each,
     * which detect runs saw it (run 0 is the first), its verdict and trials.
     */
    @SuppressWarnings("unchecked")
    static void pairTable(StringBuilder sb, BenchRow r) {
        Map<String, Object> t = m(r.json, "truth");
        Map<String, Object> ph = m(r.json, "phases");
        sb.append("\n## ").append(r.name).append("\n\n");
        sb.append("phases (s): ");
        ph.forEach((k, v) -> sb.append(k).append(" ").append(String.format("%.1f", ((Number) v).doubleValue())).append("; "));
        sb.append("real pairs not confirmed: ").append(t.get("realNotConfirmed")).append("; false pairs induced: ")
                .append(t.get("falseInduced")).append("; unlisted candidates: ").append(t.get("unlistedCandidates"))
                .append(" (induced ").append(t.get("unlistedInduced")).append("), in the JDK: ")
                .append(t.get("unlistedJdkCandidates")).append("\n\n");
        sb.append("| pair | sites | truth | verdict | static | hybrid runs | hb runs | ls runs | wcp runs | syncp runs | shb runs "
                + "| raced/trials | |\n").append("|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
        for (Map<String, Object> p : (List<Map<String, Object>>) r.json.get("pairs")) {
            if (Boolean.TRUE.equals(p.get("jdk"))) {
                continue;
            }
            Map<String, Object> runs = (Map<String, Object>) p.get("runs");
            java.util.Collection<String> preds = (java.util.Collection<String>) p.get("predictors");
            Map<String, Object> c = (Map<String, Object>) p.get("confirm");
            String v = String.valueOf(p.get("verdict"));
            boolean induced = v.equals("real") || v.equals("harmful");
            String truth = String.valueOf(p.get("truth"));
            String flag = !p.containsKey("label") ? "unlisted"
                    : !truth.equals("false") && !induced ? "**real, not confirmed**"
                    : truth.equals("false") && induced ? "**false, induced**" : "";
            sb.append("| ").append(p.containsKey("label") ? p.get("label") : "-")
                    .append(" | ").append(p.containsKey("sites") ? String.join(" ", (List<String>) p.get("sites")) : esc(String.valueOf(p.get("key"))))
                    .append(" | ").append(truth).append(" | ").append(v)
                    .append(" | ").append(preds.contains("static:wala") ? "W" : "").append(preds.contains("static:sootup") ? "S" : "")
                    .append(" | ").append(runList(runs, "hybrid")).append(" | ").append(runList(runs, "hb"))
                    .append(" | ").append(runList(runs, "ls")).append(" | ").append(runList(runs, "wcp"))
                    .append(" | ").append(runList(runs, "syncp")).append(" | ").append(runList(runs, "shb"))
                    .append(" | ").append(c == null || c.isEmpty() ? "" : c.get("raced") + "/" + c.get("trials"))
                    .append(" | ").append(flag).append(" |\n");
        }
    }

    /** "2/3 (run 0,2)": how many detect runs saw the pair, and which (run 0 is the first). */
    @SuppressWarnings("unchecked")
    static String runList(Map<String, Object> runs, String detector) {
        if (runs == null) {
            return "";
        }
        List<Integer> seen = (List<Integer>) runs.get(detector);
        List<Integer> of = (List<Integer>) runs.get("of");
        String n = of == null || of.isEmpty() ? "?" : String.valueOf(of.get(0));
        int k = seen == null ? 0 : seen.size();
        return k + "/" + n + (k == 0 ? "" : " (run " + seen.stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(",")) + ")");
    }

    static String html(List<BenchRow> rows) {
        StringBuilder sb = new StringBuilder("<!doctype html><html><head><meta charset=\"utf-8\"><title>racepipe bench</title><style>"
                + "body{font-family:system-ui,sans-serif;margin:24px;color:#222}h2{margin:18px 0 4px}.fail{color:#c62828;font-weight:700}"
                + ".ok{color:#2e7d32}text{font-size:11px}</style></head><body><h1>racepipe bench</h1>");
        for (BenchRow r : rows) {
            Map<String, Object> sizes = m(r.json, "sizes"), checks = m(r.json, "checks");
            sb.append("<h2>").append(esc(r.name)).append("</h2><svg width=\"640\" height=\"").append(18 * SIZES.size() + 4).append("\">");
            int max = SIZES.stream().mapToInt(k -> ((Number) sizes.get(k)).intValue()).max().orElse(1);
            for (int i = 0; i < SIZES.size(); i++) {
                int v = ((Number) sizes.get(SIZES.get(i))).intValue();
                int w = max == 0 ? 0 : 480 * v / max;
                sb.append("<text x=\"0\" y=\"").append(18 * i + 13).append("\">").append(HEAD.get(i)).append("</text>")
                        .append("<rect x=\"80\" y=\"").append(18 * i + 3).append("\" width=\"").append(w).append("\" height=\"12\" fill=\"")
                        .append(i < 6 ? "#5c7cfa" : "#e8590c").append("\"/><text x=\"").append(86 + w).append("\" y=\"")
                        .append(18 * i + 13).append("\">").append(v).append("</text>");
            }
            sb.append("</svg><ul>");
            checks.forEach((k, v) -> sb.append("<li class=\"").append(Boolean.TRUE.equals(v) ? "ok\">✓ " : "fail\">✗ FAILED: ")
                    .append(esc(k)).append("</li>"));
            sb.append("</ul>");
        }
        return sb.append("</body></html>\n").toString();
    }

    static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
