package racepipe.pipeline.bench;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import racepipe.pipeline.model.Candidate;
import racepipe.pipeline.model.SiteInfo;

/**
 * A benchmark's lock-cycle truth: its deadlocks.tsv (cycles by the labels of their acquires, each
 * a {@code deadlock} or {@code false}) and where each label sits (the source line carrying
 * {@code // @lock LABEL}). A predicted cycle stands for a truth cycle when the lines of its
 * acquire sites are exactly the labels' lines (two threads running the same method share lines).
 */
public final class CycleTruth {
    /** One truth cycle: its name, the labels of its acquires, the truth and the reason. */
    public record Cycle(String name, List<String> labels, String truth, String why) {
        public boolean real() {
            return truth.equals("deadlock");
        }
    }

    private static final Pattern LABEL = Pattern.compile("@lock\\s+([A-Za-z0-9_]+)");
    public final List<Cycle> cycles = new ArrayList<>();
    /** Whether the benchmark has a deadlocks.tsv at all (its checks are made only then). */
    public final boolean listed;
    private final Map<String, String> where = new HashMap<>(); // label -> File.java:line

    private CycleTruth(boolean listed) {
        this.listed = listed;
    }

    /** No deadlocks.tsv: no truth cycles, no checks. */
    public static CycleTruth none() {
        return new CycleTruth(false);
    }

    public static CycleTruth load(String bench, InputStream tsv, Path sources) throws IOException {
        CycleTruth t = new CycleTruth(true);
        for (String line : new String(tsv.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
            String[] f = line.split("\t");
            if (line.isBlank() || line.startsWith("#") || f.length < 3) {
                continue;
            }
            String truth = f[2].trim();
            if (!truth.equals("deadlock") && !truth.equals("false")) {
                throw new IllegalArgumentException(bench + "/deadlocks.tsv: truth '" + truth + "' is neither deadlock nor false");
            }
            t.cycles.add(new Cycle(f[0].trim(), List.of(f[1].trim().split("\\s+")), truth, f.length > 3 ? f[3].trim() : ""));
        }
        t.where.putAll(SourceLabels.of(sources, bench, LABEL));
        return t;
    }

    /**
     * The truth cycle a predicted one stands for, or null: the same set of acquire lines; when the
     * truth repeats a label (threads running the same code, each acquire listed), the same number
     * of acquires too (a three-thread cycle's lines also make a two-thread one that cannot happen).
     */
    public Cycle match(Candidate c) {
        Set<String> lines = lines(c);
        for (Cycle t : cycles) {
            Set<String> want = new TreeSet<>();
            t.labels().forEach(l -> want.add(where.getOrDefault(l, "?" + l))); // a label not in the sources matches nothing
            boolean everyAcquire = new java.util.HashSet<>(t.labels()).size() < t.labels().size();
            if (want.equals(lines) && (!everyAcquire || t.labels().size() == c.sites.size())) {
                return t;
            }
        }
        return null;
    }

    /** "File.java:line" of each of a cycle's acquire sites, as a set. */
    public static Set<String> lines(Candidate c) {
        Set<String> out = new TreeSet<>();
        for (SiteInfo s : c.sites) {
            out.add(s.file() + ":" + s.line());
        }
        return out;
    }
}
