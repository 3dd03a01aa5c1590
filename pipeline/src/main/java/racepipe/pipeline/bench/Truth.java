package racepipe.pipeline.bench;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import racepipe.pipeline.model.RacePair;
import racepipe.pipeline.model.SiteInfo;

/**
 * A benchmark's ground truth: its truth.tsv (pairs of labels, each false, benign, harmless or
 * harmful) and where each label sits (the source line carrying {@code // @site LABEL}). Its
 * atomicity.tsv, of the same form, lists atomic blocks by their two operations' labels.
 */
public final class Truth {
    /** One truth pair: its name, two labels, the truth and the reason. */
    public record Pair(String name, String a, String b, String truth, String why) {
        public boolean real() {
            return !truth.equals("false");
        }
    }

    private static final Pattern LABEL = Pattern.compile("@site\\s+([A-Za-z0-9_]+)");
    public final List<Pair> pairs = new ArrayList<>();
    private final Map<String, String> where = new HashMap<>(); // label -> File.java:line

    public static Truth load(String bench, InputStream tsv, Path sources) throws IOException {
        Truth t = new Truth();
        for (String line : new String(tsv.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
            String[] f = line.split("\t");
            if (line.isBlank() || line.startsWith("#") || f.length < 4) {
                continue;
            }
            t.pairs.add(new Pair(f[0].trim(), f[1].trim(), f[2].trim(), f[3].trim(), f.length > 4 ? f[4].trim() : ""));
        }
        t.where.putAll(SourceLabels.of(sources, bench, LABEL));
        return t;
    }

    /** The truth pair a concrete pair stands for (its two sites on the two labels' lines), or null. */
    public Pair match(RacePair p) {
        return match(p.sites.get(0), p.sites.get(1));
    }

    /** The truth pair of two sites (a race pair's, or an atomic block's two operations), by their lines; or null. */
    public Pair match(SiteInfo first, SiteInfo second) {
        String a = first.file() + ":" + first.line();
        String b = second.file() + ":" + second.line();
        for (Pair t : pairs) {
            String la = where.get(t.a()), lb = where.get(t.b());
            if (la != null && lb != null && (la.equals(a) && lb.equals(b) || la.equals(b) && lb.equals(a))) {
                return t;
            }
        }
        return null;
    }

    /** The truth pair's two lines, "File.java:line" each, sorted and joined by "|"; null when a label is not found. */
    public String lines(Pair t) {
        String la = where.get(t.a()), lb = where.get(t.b());
        return la == null || lb == null ? null : RealSource.lines(la, lb);
    }

    public boolean labelled(String label) {
        return where.containsKey(label);
    }
}
