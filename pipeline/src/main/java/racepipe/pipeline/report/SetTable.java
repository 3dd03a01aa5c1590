package racepipe.pipeline.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import racepipe.pipeline.model.RacePair;
import racepipe.pipeline.model.ResultFile;

/** The size of every predictor set as a bar, and the containment checks between them. */
final class SetTable {
    private SetTable() {
    }

    static String html(PredictorSets s, ResultFile r) {
        List<String> names = new ArrayList<>(s.names());
        Set<String> real = real(r);
        int max = 1;
        for (String n : names) {
            max = Math.max(max, s.get(n).size());
        }
        if (real != null) {
            max = Math.max(max, real.size());
        }
        StringBuilder b = new StringBuilder("<table class=\"sets\"><tbody>");
        for (String n : names) {
            row(b, PredictorSets.title(n), s.get(n).size(), max, n);
        }
        if (real != null) {
            row(b, "Real (truth)", real.size(), max, "real");
        }
        b.append("</tbody></table><ul class=\"checks\">");
        if (s.has("hb") && s.has("hybrid")) {
            check(b, "HB ⊆ Hybrid", s.get("hybrid").containsAll(s.get("hb")));
        }
        if (s.has("hybrid") && s.has("ls")) {
            check(b, "Hybrid ⊆ Lockset", s.get("ls").containsAll(s.get("hybrid")));
        }
        if (s.has("shb") && s.has("hb")) {
            check(b, "SHB ⊆ HB", s.get("hb").containsAll(s.get("shb")));
        }
        if (s.has("hb") && s.has("wcp")) {
            check(b, "HB ⊆ WCP", s.get("wcp").containsAll(s.get("hb")));
        }
        if (s.has("induced")) {
            check(b, "Induced ⊆ Candidates", s.get("candidates").containsAll(s.get("induced")));
        }
        if (real != null && s.has("induced")) {
            check(b, "Induced ⊆ Real", real.containsAll(s.get("induced")));
        }
        b.append("</ul>");
        return b.toString();
    }

    private static void row(StringBuilder b, String title, int n, int max, String css) {
        b.append("<tr><th>").append(Html.esc(title)).append("</th><td class=\"num\">").append(n)
                .append("</td><td class=\"barcell\"><span class=\"bar set-").append(Html.esc(css))
                .append("\" style=\"width:").append(String.format(Locale.ROOT, "%.1f", 100.0 * n / max))
                .append("%\"></span></td></tr>");
    }

    private static void check(StringBuilder b, String what, boolean ok) {
        b.append("<li class=\"").append(ok ? "ok" : "bad").append("\">").append(ok ? "✓ " : "✗ ")
                .append(Html.esc(what)).append("</li>");
    }

    /** Pairs whose benchmark truth says they race (anything but "false"), or null without truth. */
    private static Set<String> real(ResultFile r) {
        if (r == null || r.pairs == null || r.pairs.stream().noneMatch(p -> p != null && p.truth != null)) {
            return null;
        }
        Set<String> out = new TreeSet<>();
        for (RacePair p : r.pairs) {
            if (p != null && p.key != null && p.truth != null && !p.truth.equalsIgnoreCase("false")) {
                out.add(p.key);
            }
        }
        return out;
    }
}
