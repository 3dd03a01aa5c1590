package racepipe.pipeline.run;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** {@code --budget}'s DURATION: "10m", "90s", "1h30m", "2h", a plain number of seconds, or "none". */
public final class Budgets {
    /** The default: long enough for a program of real size, short enough to wait for. */
    public static final String DEFAULT = "10m";
    private static final Pattern PART = Pattern.compile("(\\d+)([hms])");

    private Budgets() {
    }

    /** The duration, or null for "none"; IllegalArgumentException with a one-line reason otherwise. */
    public static Duration parse(String text) {
        String s = text.trim().toLowerCase(Locale.ROOT);
        if (s.equals("none") || s.equals("off")) {
            return null;
        }
        if (s.matches("\\d+")) {
            return positive(Duration.ofSeconds(Long.parseLong(s)), text);
        }
        Matcher m = PART.matcher(s);
        Duration d = Duration.ZERO;
        int end = 0;
        String seen = "";
        while (m.find() && m.start() == end) {
            String unit = m.group(2);
            if (!order(seen, unit)) { // h before m before s, each once
                throw bad(text);
            }
            seen += unit;
            long n = Long.parseLong(m.group(1));
            d = d.plus(switch (unit) {
                case "h" -> Duration.ofHours(n);
                case "m" -> Duration.ofMinutes(n);
                default -> Duration.ofSeconds(n);
            });
            end = m.end();
        }
        if (end != s.length() || end == 0) {
            throw bad(text);
        }
        return positive(d, text);
    }

    /** "10m", "1h30m", "90s" -> "1m30s". */
    public static String format(Duration d) {
        if (d == null) {
            return "none";
        }
        long s = d.getSeconds();
        StringBuilder b = new StringBuilder();
        if (s >= 3600) {
            b.append(s / 3600).append('h');
        }
        if (s % 3600 >= 60) {
            b.append(s % 3600 / 60).append('m');
        }
        if (s % 60 > 0 || b.length() == 0) {
            b.append(s % 60).append('s');
        }
        return b.toString();
    }

    private static boolean order(String seen, String unit) {
        return seen.isEmpty() || "hms".indexOf(seen.charAt(seen.length() - 1)) < "hms".indexOf(unit);
    }

    private static Duration positive(Duration d, String text) {
        if (d.isZero()) {
            throw new IllegalArgumentException("--budget must be more than 0 (or 'none'): " + text);
        }
        return d;
    }

    private static IllegalArgumentException bad(String text) {
        return new IllegalArgumentException("--budget takes a duration like 10m, 90s, 1h30m or none, not '" + text + "'");
    }
}
