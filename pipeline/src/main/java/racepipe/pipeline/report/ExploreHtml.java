package racepipe.pipeline.report;

import java.util.List;
import java.util.Map;

/**
 * explore.html: what an exploration covered (executions, complete or why not) and found (races
 * with both lines, failures with their stacks), each with the command that replays its schedule,
 * in the analyze report's style.
 */
public final class ExploreHtml {
    private ExploreHtml() {
    }

    /** {@code file}: explore.json's map (program, options, executions, complete, races, failures). */
    @SuppressWarnings("unchecked")
    public static String page(Map<String, Object> file) {
        Map<String, Object> program = (Map<String, Object>) file.getOrDefault("program", Map.of());
        List<Map<String, Object>> races = (List<Map<String, Object>>) file.getOrDefault("races", List.of());
        List<Map<String, Object>> failures = (List<Map<String, Object>>) file.getOrDefault("failures", List.of());
        boolean complete = Boolean.TRUE.equals(file.get("complete"));
        StringBuilder b = new StringBuilder("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>racepipe explore: ")
                .append(Html.esc(program.get("entry"))).append("</title><style>").append(HtmlStyle.CSS).append("</style></head><body><main>");
        b.append("<div class=\"top\"><div><h1>racepipe explore</h1><div class=\"prog\"><code>").append(Html.esc(program.get("jar")))
                .append("</code> &middot; <code>").append(Html.esc(program.get("entry"))).append("</code></div></div></div>");
        b.append("<div class=\"tiles\">");
        tile(b, String.valueOf(file.get("executions")), "executions", "");
        tile(b, complete ? "complete" : "not complete", complete ? "every schedule up to equivalence" : String.valueOf(file.get("incomplete")),
                complete ? "" : " t-untried");
        tile(b, String.valueOf(races.size()), "races", races.isEmpty() ? "" : " t-real");
        tile(b, String.valueOf(failures.size()), "failures", failures.isEmpty() ? "" : " t-harmful");
        b.append("</div>");
        if (!races.isEmpty()) {
            b.append("<div class=\"card\"><h2>Races</h2>");
            for (Map<String, Object> r : races) {
                b.append("<p><b>").append(Html.esc(r.get("variable"))).append("</b> <span class=\"muted small\">(in ")
                        .append(Html.esc(r.get("executions"))).append(" executions)</span><br>");
                for (Map<String, Object> s : (List<Map<String, Object>>) r.getOrDefault("sites", List.of())) {
                    b.append(Html.esc(s.get("access"))).append(" at <code>").append(Html.esc(s.get("class"))).append('.')
                            .append(Html.esc(s.get("method"))).append(" (").append(Html.esc(s.get("file"))).append(':')
                            .append(Html.esc(s.get("line"))).append(")</code><br>");
                }
                replay(b, r);
                b.append("</p>");
            }
            b.append("</div>");
        }
        if (!failures.isEmpty()) {
            b.append("<div class=\"card\"><h2>Failures</h2>");
            for (Map<String, Object> f : failures) {
                b.append("<p><b>").append(Html.esc(f.get("kind"))).append("</b>: ").append(Html.esc(f.get("message")));
                Object stack = f.get("stack");
                if (stack != null) {
                    b.append("<pre>");
                    for (String frame : String.valueOf(stack).split(" <- ")) {
                        if (!frame.isBlank()) {
                            b.append("    at ").append(Html.esc(frame.strip())).append('\n');
                        }
                    }
                    b.append("</pre>");
                }
                replay(b, f);
                b.append("</p>");
            }
            b.append("</div>");
        }
        if (races.isEmpty() && failures.isEmpty()) {
            b.append("<div class=\"card\">").append(complete ? "No race and no failure in any schedule."
                    : "No race and no failure in the schedules explored; the exploration did not complete.").append("</div>");
        }
        b.append("<p class=\"muted small\">options: ").append(Html.esc(file.get("options"))).append(" &middot; ")
                .append(Html.esc(file.get("seconds"))).append(" s</p>");
        return b.append("</main></body></html>\n").toString();
    }

    private static void tile(StringBuilder b, String n, String t, String cls) {
        b.append("<div class=\"tile").append(cls).append("\"><div class=\"n\">").append(Html.esc(n)).append("</div><div class=\"t\">")
                .append(Html.esc(t)).append("</div></div>");
    }

    private static void replay(StringBuilder b, Map<String, Object> item) {
        if (item.get("replay") != null) {
            b.append("<span class=\"muted small\">replay:</span> <code>").append(Html.esc(item.get("replay"))).append("</code>");
        }
    }
}
