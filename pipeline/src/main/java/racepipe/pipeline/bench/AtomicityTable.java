package racepipe.pipeline.bench;

import java.io.PrintStream;
import java.util.List;
import java.util.Map;

/**
 * The atomicity part of the research table (terminal and results.md), below the race sets: per
 * benchmark with an atomicity truth file or a predicted block, the sets of {@link AtomicityRow}.
 */
final class AtomicityTable {
    private static final List<String> SIZES = List.of("predicted", "velodrome", "static", "candidates", "induced", "real", "harmful");
    private static final List<String> HEAD = List.of("Predicted", "Velodrome", "Static", "Cand", "Induced", "Real", "harmful");

    private AtomicityTable() {
    }

    private static Map<String, Object> of(BenchRow r) {
        @SuppressWarnings("unchecked")
        Map<String, Object> a = (Map<String, Object>) r.json.get("atomicity");
        if (a == null) {
            return null;
        }
        boolean shown = Boolean.TRUE.equals(a.get("truthFile")) || ((Number) BenchReport.m(a, "sizes").get("predicted")).intValue() > 0;
        return shown ? a : null;
    }

    static void print(PrintStream out, List<BenchRow> rows) {
        if (rows.stream().allMatch(r -> of(r) == null)) {
            return;
        }
        StringBuilder h = new StringBuilder(String.format("%-14s", "atomicity"));
        HEAD.forEach(c -> h.append(String.format(" %9s", c)));
        out.println(h.append("      P/R  truth"));
        for (BenchRow r : rows) {
            Map<String, Object> a = of(r);
            if (a == null) {
                continue;
            }
            StringBuilder line = new StringBuilder(String.format("%-14s", r.name));
            Map<String, Object> sizes = BenchReport.m(a, "sizes");
            SIZES.forEach(k -> line.append(String.format(" %9s", sizes.get(k) == null ? "-" : sizes.get(k))));
            Map<String, Object> q = BenchReport.m(a, "quality");
            line.append(String.format(" %8s", BenchReport.pct(q.get("precision")) + "/" + BenchReport.pct(q.get("recall"))));
            out.println(line.append(Boolean.TRUE.equals(a.get("truthFile")) ? "  atomicity.tsv" : "  none"));
            Map<String, Object> t = BenchReport.m(a, "truth");
            if (!((List<?>) t.get("realNotConfirmed")).isEmpty()) {
                out.println("    real blocks not confirmed: " + t.get("realNotConfirmed"));
            }
            if (!((List<?>) t.get("falseInduced")).isEmpty()) {
                out.println("    \u001b[31mfalse blocks induced: " + t.get("falseInduced") + "\u001b[0m");
            }
            if (((Number) t.get("unlistedInduced")).intValue() > 0) {
                out.println("    unlisted blocks induced: " + t.get("unlistedInduced"));
            }
        }
    }

    @SuppressWarnings("unchecked")
    static void markdown(StringBuilder sb, List<BenchRow> rows) {
        if (rows.stream().allMatch(r -> of(r) == null)) {
            return;
        }
        sb.append("\n## Atomicity\n\nAtomic blocks (two operations of one method) predicted, tried, induced (a trial interleaved them)"
                + " and real by the benchmark's atomicity.tsv (\"-\": no truth file).\n\n| benchmark | ")
                .append(String.join(" | ", HEAD)).append(" | P/R |\n|").append("---|".repeat(HEAD.size() + 2)).append("\n");
        for (BenchRow r : rows) {
            Map<String, Object> a = of(r);
            if (a != null) {
                Map<String, Object> sizes = BenchReport.m(a, "sizes"), q = BenchReport.m(a, "quality");
                sb.append("| ").append(r.name);
                SIZES.forEach(k -> sb.append(" | ").append(sizes.get(k) == null ? "-" : sizes.get(k)));
                sb.append(" | ").append(BenchReport.pct(q.get("precision"))).append("/").append(BenchReport.pct(q.get("recall"))).append(" |\n");
            }
        }
        sb.append("\n| benchmark | block | lines (block, interleaving) | truth | verdict | predictors | hits/trials | |\n")
                .append("|---|---|---|---|---|---|---|---|\n");
        for (BenchRow r : rows) {
            Map<String, Object> a = of(r);
            for (Map<String, Object> b : a == null ? List.<Map<String, Object>>of() : (List<Map<String, Object>>) a.get("blocks")) {
                String v = String.valueOf(b.get("verdict")), truth = String.valueOf(b.get("truth"));
                boolean induced = v.equals("real") || v.equals("harmful");
                String flag = !b.containsKey("label") ? "unlisted"
                        : !truth.equals("false") && !induced ? "**real, not confirmed**"
                        : truth.equals("false") && induced ? "**false, induced**" : "";
                sb.append("| ").append(r.name).append(" | ").append(b.containsKey("label") ? b.get("label") + " "
                                + String.join(" ", (List<String>) b.get("sites")) : "-")
                        .append(" | ").append(b.containsKey("lines") ? String.join(" ", (List<String>) b.get("lines")) : "")
                        .append(" | ").append(truth).append(" | ").append(v)
                        .append(" | ").append(b.containsKey("predictors") ? String.join(" ", (java.util.Collection<String>) b.get("predictors")) : "")
                        .append(" | ").append(b.containsKey("trials") ? b.get("hits") + "/" + b.get("trials") : "")
                        .append(" | ").append(flag).append(" |\n");
            }
        }
    }
}
