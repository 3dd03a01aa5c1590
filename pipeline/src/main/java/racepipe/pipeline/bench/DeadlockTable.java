package racepipe.pipeline.bench;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.io.PrintStream;

/**
 * The lock-cycle sets of a suite, beside the race table: per benchmark that predicted a cycle or
 * lists one, how many each predictor reported, the candidates, Confirmed and Real, and each truth
 * cycle that went against its truth.
 */
final class DeadlockTable {
    private static final List<String> SIZES = List.of("igoodlock", "static", "candidates", "confirmed", "real");
    private static final List<String> HEAD = List.of("iGoodlock", "Static", "Cand", "Confirmed", "Real");

    private DeadlockTable() {
    }

    static void print(PrintStream out, List<BenchRow> rows) {
        List<BenchRow> shown = shown(rows);
        if (shown.isEmpty()) {
            return;
        }
        StringBuilder h = new StringBuilder(String.format("%nlock cycles%n%-14s", "benchmark"));
        HEAD.forEach(c -> h.append(String.format(" %9s", c)));
        out.println(h);
        for (BenchRow r : shown) {
            Map<String, Object> sizes = BenchReport.m(dl(r), "sizes");
            StringBuilder line = new StringBuilder(String.format("%-14s", r.name));
            SIZES.forEach(k -> line.append(String.format(" %9s", sizes.get(k))));
            out.println(line);
            for (Map<String, Object> c : cycles(r)) {
                String flag = DeadlockSets.flag(c);
                if (!flag.isEmpty() && !flag.equals("unlisted")) {
                    out.println("    \u001b[31m" + (c.containsKey("label") ? c.get("label") : c.get("lines")) + ": " + flag + "\u001b[0m");
                }
            }
        }
    }

    static String markdown(List<BenchRow> rows) {
        List<BenchRow> shown = shown(rows);
        if (shown.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder("\n## Lock cycles\n\n| benchmark | " + String.join(" | ", HEAD) + " |\n|"
                + "---|".repeat(HEAD.size() + 1) + "\n");
        for (BenchRow r : shown) {
            Map<String, Object> sizes = BenchReport.m(dl(r), "sizes");
            sb.append("| ").append(r.name);
            SIZES.forEach(k -> sb.append(" | ").append(sizes.get(k)));
            sb.append(" |\n");
        }
        sb.append("\n| benchmark | cycle | acquire lines | truth | verdict | predictors | trials | |\n|---|---|---|---|---|---|---|---|\n");
        for (BenchRow r : shown) {
            for (Map<String, Object> c : cycles(r)) {
                String flag = DeadlockSets.flag(c);
                sb.append("| ").append(r.name).append(" | ").append(c.containsKey("label") ? c.get("label") : "-")
                        .append(" | ").append(String.join(" ", strings(c.get("lines"))))
                        .append(" | ").append(c.get("truth")).append(" | ").append(c.get("verdict"))
                        .append(" | ").append(String.join(" ", strings(c.get("predictors"))))
                        .append(" | ").append(c.containsKey("trials") ? c.get("trials") : "")
                        .append(" | ").append(flag.isEmpty() || flag.equals("unlisted") ? flag : "**" + flag + "**").append(" |\n");
            }
        }
        return sb.toString();
    }

    private static List<BenchRow> shown(List<BenchRow> rows) {
        return rows.stream().filter(r -> dl(r) != null && !cycles(r).isEmpty()).toList();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> dl(BenchRow r) {
        return (Map<String, Object>) r.json.get("deadlocks");
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> cycles(BenchRow r) {
        return (List<Map<String, Object>>) dl(r).get("cycles");
    }

    @SuppressWarnings("unchecked")
    private static List<String> strings(Object o) {
        return o instanceof Collection<?> c ? c.stream().map(String::valueOf).toList() : List.of(String.valueOf(o));
    }
}
