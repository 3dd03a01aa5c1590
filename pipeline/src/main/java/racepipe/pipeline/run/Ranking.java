package racepipe.pipeline.run;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import racepipe.pipeline.model.RacePair;
import racepipe.pipeline.model.SiteInfo;

/**
 * The order Phase 2 confirms the candidates in: by the evidence Phase 1 gave for each pair, so that
 * a budget spent in that order goes first to the pairs most likely to race. Pure functions.
 */
public final class Ranking {
    /** How much Phase 1 saw of a pair, strongest first. */
    public enum Tier {
        /**
         * SHB reported the pair in a run: every race SHB reports is schedulable (Mathur et al.,
         * OOPSLA 2018), the strongest evidence a run gives. SHB is within HB: such a pair is also hb's.
         */
        SCHEDULABLE("shb", "SHB reported it in a run (a schedulable race)"),
        /** Happens-before saw the two accesses unordered in a run (so WCP reports it too): the race was there. */
        HB("hb", "happens-before saw it unordered in a run"),
        /**
         * WCP or SyncP predicted the pair from a run's trace, but no run showed it unordered: a
         * reordering of the run races (sound for the first race), which RaceFuzzer may or may not
         * find by postponing. Its trials stop like a weaker tier's when no partner ever comes.
         */
        PREDICTED("predicted", "WCP or SyncP predicted it from a run's trace, but no run showed it unordered"),
        /** The hybrid detector (lockset + start/join/notify order) saw it unordered in a run. */
        HYBRID("hybrid", "the hybrid detector saw it unordered in a run"),
        /** Both accesses ran in Phase 1 (each in some detector's pair), but no run showed this pair unordered. */
        EXECUTED("executed", "both accesses ran in Phase 1"),
        /** One access ran in Phase 1; the other was not seen (it may run only under some schedules). */
        ONE_SITE("one-site", "only one of the two accesses was seen running in Phase 1"),
        /** Neither access was seen running in Phase 1: predicted by static analysis alone. */
        UNSEEN("unseen", "no detector saw either access (or its line) in a Phase 1 run");

        public final String label;
        public final String meaning;

        Tier(String label, String meaning) {
            this.label = label;
            this.meaning = meaning;
        }

        /** A run showed the race unordered: every trial, and the random fallback. */
        public boolean observed() {
            return this == SCHEDULABLE || this == HB;
        }
    }

    private static final List<String> PREDICTORS = List.of("static", "ls", "eraser", "hybrid", "hb", "shb", "wcp", "syncp");
    private static final List<String> DETECTORS = List.of("ls", "eraser", "hybrid", "hb", "shb", "wcp", "syncp");
    private static final List<String> PREDICTIVE = List.of("wcp", "syncp");

    private Ranking() {
    }

    /**
     * The accesses Phase 1 saw running: the sites of every pair a dynamic detector reported, and
     * the lines they are on (an access on a line that ran most likely ran too). A run file names
     * only the sites of its pairs, so this is an under-approximation: an access every run made in
     * one thread only, or always under a lock its partners held too, is not in it.
     */
    public record Seen(Set<String> sites, Set<String> lines) {
        public boolean ran(SiteInfo s) {
            return sites.contains(s.key()) || lines.contains(line(s));
        }

        static String line(SiteInfo s) {
            return s.className() + "." + s.method() + ":" + s.line();
        }
    }

    public static Seen seen(List<RacePair> pairs) {
        Set<String> sites = new HashSet<>(), lines = new HashSet<>();
        for (RacePair p : pairs) {
            if (DETECTORS.stream().anyMatch(p.predictors::containsKey)) {
                for (SiteInfo s : p.sites) {
                    sites.add(s.key());
                    if (s.line() > 0) {
                        lines.add(Seen.line(s));
                    }
                }
            }
        }
        return new Seen(sites, lines);
    }

    public static Tier tier(RacePair p, Seen seen) {
        if (p.predictors.containsKey("shb")) {
            return Tier.SCHEDULABLE;
        }
        if (p.predictors.containsKey("hb")) {
            return Tier.HB;
        }
        if (PREDICTIVE.stream().anyMatch(p.predictors::containsKey)) {
            return Tier.PREDICTED;
        }
        if (p.predictors.containsKey("hybrid")) {
            return Tier.HYBRID;
        }
        long ran = p.sites.stream().filter(seen::ran).count();
        return ran == p.sites.size() ? Tier.EXECUTED : ran > 0 ? Tier.ONE_SITE : Tier.UNSEEN;
    }

    /**
     * Candidates strongest first: by tier; then by how many predictors agree (static, ls, eraser,
     * hybrid, hb, shb, wcp, syncp); then by the static engine's confidence (larger first) and rank (smaller first)
     * when its evidence carries them; then by how many runs saw the pair; then by key, so the order
     * is a function of Phase 1 alone. Within a tier, one pair per variable first, then the second
     * of each, and so on: one array's hundreds of pairs cannot spend the budget before every other
     * variable got a pair tried.
     */
    public static List<RacePair> rank(List<RacePair> candidates, Seen seen) {
        List<RacePair> sorted = candidates.stream().sorted(order(seen)).toList();
        List<RacePair> out = new ArrayList<>();
        int from = 0;
        for (int i = 1; i <= sorted.size(); i++) {
            if (i == sorted.size() || tier(sorted.get(i), seen) != tier(sorted.get(from), seen)) {
                out.addAll(byVariable(sorted.subList(from, i)));
                from = i;
            }
        }
        return out;
    }

    /** Round robin over the variables, in the order of each one's strongest pair. */
    static List<RacePair> byVariable(List<RacePair> ordered) {
        Map<String, ArrayDeque<RacePair>> queues = new LinkedHashMap<>();
        ordered.forEach(p -> queues.computeIfAbsent(String.valueOf(p.variable), v -> new ArrayDeque<>()).add(p));
        List<RacePair> out = new ArrayList<>();
        while (out.size() < ordered.size()) {
            for (ArrayDeque<RacePair> q : queues.values()) {
                if (!q.isEmpty()) {
                    out.add(q.poll());
                }
            }
        }
        return out;
    }

    static Comparator<RacePair> order(Seen seen) {
        return Comparator.comparing((RacePair p) -> tier(p, seen))
                .thenComparing(p -> -agreeing(p))
                .thenComparing(p -> -staticConfidence(p))
                .thenComparing(Ranking::staticRank)
                .thenComparing(p -> -runsSeen(p))
                .thenComparing(p -> p.key);
    }

    static int agreeing(RacePair p) {
        return (int) PREDICTORS.stream().filter(p.predictors::containsKey).count();
    }

    /** The largest "confidence" a static engine's evidence gives the pair; 0 when none does. */
    static double staticConfidence(RacePair p) {
        double best = 0;
        if (p.evidence != null) {
            for (Map.Entry<String, Object> e : p.evidence.entrySet()) {
                if (e.getKey().startsWith("static") && e.getValue() instanceof Map<?, ?> m && m.get("confidence") instanceof Number n) {
                    best = Math.max(best, n.doubleValue());
                }
            }
        }
        return best;
    }

    /** The smallest "rank" a static engine's evidence gives the pair; +infinity when none does. */
    static double staticRank(RacePair p) {
        double best = Double.POSITIVE_INFINITY;
        if (p.evidence == null) {
            return best;
        }
        for (Map.Entry<String, Object> e : p.evidence.entrySet()) {
            if (e.getKey().startsWith("static") && e.getValue() instanceof Map<?, ?> m && m.get("rank") instanceof Number n) {
                best = Math.min(best, n.doubleValue());
            }
        }
        return best;
    }

    static int runsSeen(RacePair p) {
        int n = 0;
        for (String d : DETECTORS) {
            if (p.predictors.get(d) instanceof Number x) {
                n += x.intValue();
            }
        }
        return n;
    }
}
