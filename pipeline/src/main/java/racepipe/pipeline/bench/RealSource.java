package racepipe.pipeline.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import racepipe.pipeline.model.RacePair;

/**
 * Where a benchmark's Real set comes from: an exploration that completed (every schedule up to
 * equivalence: its race set is the program's), an exploration that did not (its races are real,
 * the truth file's other real pairs stand), or the truth file alone. Pairs are compared by their
 * two source lines, as the truth's labels are. What a complete exploration and the truth file
 * disagree on is flagged, never settled silently; an incomplete one can only show a race the
 * truth file calls false or does not list.
 */
public final class RealSource {
    public static final String COMPLETE = "explore (complete)";
    public static final String BOUNDED = "truth file + explore (bounded)";
    public static final String TRUTH = "truth file";

    private final Truth truth;
    private final Map<String, Object> explored; // the exploration's answer; null: none
    private final boolean complete;
    private final Set<String> racedLines = new LinkedHashSet<>(); // "A.java:12|B.java:30", sorted within
    public final List<String> disagreements = new ArrayList<>();

    /** @param explored explore's JSON answer (executions, complete, races), or null when bench did not explore */
    @SuppressWarnings("unchecked")
    public RealSource(Truth truth, Map<String, Object> explored) {
        this.truth = truth;
        this.explored = explored;
        this.complete = explored != null && Boolean.TRUE.equals(explored.get("complete"));
        if (explored == null) {
            return;
        }
        for (Map<String, Object> race : (List<Map<String, Object>>) explored.getOrDefault("races", List.of())) {
            List<Map<String, Object>> sites = (List<Map<String, Object>>) race.get("sites");
            if (sites != null && sites.size() == 2) {
                racedLines.add(lines(at(sites.get(0)), at(sites.get(1))));
            }
        }
        Set<String> matched = new LinkedHashSet<>();
        for (Truth.Pair t : truth.pairs) {
            String l = truth.lines(t);
            boolean raced = l != null && racedLines.contains(l);
            if (raced) {
                matched.add(l);
            }
            if (raced && !t.real()) {
                disagreements.add(t.name() + " (" + t.a() + ", " + t.b() + "): the truth file says false, an explored execution raced it");
            } else if (complete && !raced && t.real()) {
                disagreements.add(t.name() + " (" + t.a() + ", " + t.b() + "): the truth file says " + t.truth()
                        + ", no schedule of the complete exploration raced it");
            }
        }
        for (String l : racedLines) {
            if (!matched.contains(l)) {
                disagreements.add(l.replace("|", " and ") + ": raced in an explored execution, not in the truth file");
            }
        }
    }

    private static String at(Map<String, Object> site) {
        return site.get("file") + ":" + site.get("line");
    }

    static String lines(String a, String b) {
        return a.compareTo(b) <= 0 ? a + "|" + b : b + "|" + a;
    }

    public String source() {
        return explored == null ? TRUTH : complete ? COMPLETE : BOUNDED;
    }

    /** Whether the truth pair is real by this source. */
    public boolean real(Truth.Pair t) {
        if (!complete) {
            return t.real() || racedLines.contains(truth.lines(t));
        }
        return racedLines.contains(truth.lines(t));
    }

    /** Whether a pair the truth file does not list is real by this source (an explored race). */
    public boolean realUnlisted(RacePair p) {
        return racedLines.contains(lines(p.sites.get(0).file() + ":" + p.sites.get(0).line(),
                p.sites.get(1).file() + ":" + p.sites.get(1).line()));
    }

    /** For results.json: the source, the exploration's figures, and the disagreements. */
    public Map<String, Object> json() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("source", source());
        if (explored != null) {
            m.put("executions", explored.get("executions"));
            m.put("complete", complete);
            m.put("incomplete", explored.get("incomplete"));
            m.put("seconds", explored.get("seconds"));
            m.put("races", racedLines.size());
        }
        m.put("disagreements", disagreements);
        return m;
    }
}
