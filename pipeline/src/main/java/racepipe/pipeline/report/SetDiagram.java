package racepipe.pipeline.report;

import java.util.Locale;
import java.util.Set;

/**
 * An inline-SVG Venn diagram of three predictor sets (Static, Hybrid and HB; HB, WCP and SyncP
 * for the predictors beyond HB): three fixed circles, each of the seven regions labelled with its
 * number of pairs and how many of them a trial raced (induced).
 */
final class SetDiagram {
    static final String[] CLASSIC = {"static", "hybrid", "hb"};
    static final String[] PREDICTIVE = {"hb", "wcp", "syncp"};
    private static final String[] COLORS = {"#3b6fd4", "#e8871e", "#2f9e5a"};
    private static final int[][] CENTERS = {{170, 150}, {290, 150}, {230, 250}};
    private static final int R = 100;
    /** Label positions by region mask (bit 0 static, bit 1 hybrid, bit 2 hb). */
    private static final int[][] SPOTS = {
        null, {122, 122}, {338, 122}, {230, 108}, {230, 318}, {172, 222}, {288, 222}, {230, 178}};

    private SetDiagram() {
    }

    static String svg(PredictorSets s) {
        return svg(s, CLASSIC);
    }

    static String svg(PredictorSets s, String[] NAMES) {
        int[] count = new int[8];
        int[] raced = new int[8];
        Set<String> induced = s.get("induced");
        Set<String> all = new java.util.TreeSet<>();
        for (String n : NAMES) {
            all.addAll(s.get(n));
        }
        for (String key : all) {
            int mask = 0;
            for (int i = 0; i < NAMES.length; i++) {
                if (s.get(NAMES[i]).contains(key)) {
                    mask |= 1 << i;
                }
            }
            count[mask]++;
            if (induced.contains(key)) {
                raced[mask]++;
            }
        }
        StringBuilder b = new StringBuilder();
        String names = PredictorSets.title(NAMES[0]) + ", " + PredictorSets.title(NAMES[1]) + " and "
                + PredictorSets.title(NAMES[2]);
        b.append("<svg class=\"venn\" viewBox=\"0 0 460 392\" width=\"460\" height=\"392\" role=\"img\" ")
                .append("xmlns=\"http://www.w3.org/2000/svg\" aria-label=\"").append(Html.esc(names))
                .append(" predictor sets\">");
        b.append("<title>Pairs predicted by ").append(Html.esc(names)).append(", and how many of them a trial raced</title>");
        for (int i = 0; i < 3; i++) {
            b.append(String.format(Locale.ROOT,
                    "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"%s\" fill-opacity=\"0.16\" stroke=\"%s\" stroke-width=\"2.5\"/>",
                    CENTERS[i][0], CENTERS[i][1], R, COLORS[i], COLORS[i]));
        }
        label(b, 92, 36, "start", 0, s, NAMES);
        label(b, 368, 36, "end", 1, s, NAMES);
        label(b, 230, 382, "middle", 2, s, NAMES);
        for (int mask = 1; mask < 8; mask++) {
            int x = SPOTS[mask][0];
            int y = SPOTS[mask][1];
            String cls = count[mask] == 0 ? "n zero" : "n";
            b.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" class=\"%s\" text-anchor=\"middle\">%d</text>",
                    x, y, cls, count[mask]));
            if (count[mask] > 0) {
                b.append(String.format(Locale.ROOT,
                        "<text x=\"%d\" y=\"%d\" class=\"sub\" text-anchor=\"middle\">%d raced</text>",
                        x, y + 15, raced[mask]));
            }
        }
        b.append("</svg>");
        return b.toString();
    }

    private static void label(StringBuilder b, int x, int y, String anchor, int i, PredictorSets s, String[] NAMES) {
        String title = PredictorSets.title(NAMES[i]);
        int size = s.get(NAMES[i]).size();
        String note = s.has(NAMES[i]) ? " · " + size : " · not run";
        b.append(String.format(Locale.ROOT,
                "<text x=\"%d\" y=\"%d\" text-anchor=\"%s\" class=\"setname\" fill=\"%s\">%s%s</text>",
                x, y, anchor, COLORS[i], Html.esc(title), Html.esc(note)));
    }
}
