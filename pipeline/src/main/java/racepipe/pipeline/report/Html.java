package racepipe.pipeline.report;

import java.util.Locale;

/** HTML escaping for text and attribute values: everything that comes from the program. */
final class Html {
    private Html() {
    }

    static String esc(Object o) {
        String s = o == null ? "" : String.valueOf(o);
        StringBuilder b = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> {
                    if (c < 0x20 && c != '\n' && c != '\t') {
                        b.append("&#xFFFD;");
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.toString();
    }

    static String pct(double fraction) {
        double p = 100 * fraction;
        return p > 0 && p < 1 ? "<1%" : String.format(Locale.ROOT, "%.0f%%", p);
    }

    static String seconds(double s) {
        return s < 10 ? String.format(Locale.ROOT, "%.1f s", s) : String.format(Locale.ROOT, "%.0f s", s);
    }
}
