package racepipe.pipeline.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import racepipe.contract.SiteKey;

/**
 * An unordered pair of sites that may race, with who predicted it and, once Phase 2 ran, what
 * confirming it showed. Its key is the two site keys sorted, joined by '|'.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class RacePair {
    public String key;
    public String variable;
    /**
     * Between two calls into a library, every library variable that races there (the two calls
     * share it, one writes it), {@link #variable} first; once trials raced, the variables they
     * raced on. Absent when there is one.
     */
    public List<String> variables;
    public List<SiteInfo> sites = new ArrayList<>();
    /** "static": true; a dynamic detector: the number of runs that saw the pair. */
    public Map<String, Object> predictors = new TreeMap<>();
    /** Free-form evidence per predictor (threads, abstract objects, locksets, event counts). */
    public Map<String, Object> evidence;
    /**
     * What Phase 1 saw of the pair, which sets its place in Phase 2's queue and how many trials
     * it gets without a race: hb, hybrid, executed, one-site, unseen (run/Ranking).
     */
    public String tier;
    public Confirm confirm;
    public List<TrialSummary> trials;
    public String verdict;
    /** The race is in the --baseline report: shown as known, not counted for the exit code. */
    public Boolean baseline;
    /** A --suppress line covers the pair: its reason; shown, not counted for the exit code. */
    public String suppressed;
    public String label;
    public String truth;
    /**
     * An unreached pair with an access in a method the agent left as it was (ResultFile.uninstrumented):
     * that method, {@code pkg.Cls.m(desc)}. No run could have seen the access, so "unreached" says nothing of it.
     */
    public String unwatched;
    /** racepipe test: the tests that reached the pair in Phase 1 (the first is the one Phase 2 ran), as TestInfo labels. */
    public List<String> tests;

    public RacePair() {
    }

    public RacePair(String variable, SiteInfo a, SiteInfo b) {
        this.variable = variable;
        boolean ordered = a.key().compareTo(b.key()) <= 0;
        this.sites.add(ordered ? a : b);
        this.sites.add(ordered ? b : a);
        this.key = SiteKey.pair(a.key(), b.key());
    }

    /**
     * Library frames another view of this pair saw (another run, the other phase): added to the
     * sites with the same key.
     */
    public void addLibrary(List<SiteInfo> others) {
        for (SiteInfo o : others) {
            if (o.library().isEmpty()) {
                continue;
            }
            for (int i = 0; i < sites.size(); i++) {
                if (sites.get(i).key().equals(o.key())) {
                    sites.set(i, sites.get(i).withLibrary(o.library()));
                }
            }
        }
    }

    /**
     * The library accesses that ran, in place of those predicted: another view's (a dynamic run's)
     * call sites replace this pair's where they have library frames, and so do its variable and
     * variables (the static engine lifts every access a library method has, run or not).
     */
    public void useLibraryOf(RacePair ran) {
        boolean any = false;
        for (SiteInfo o : ran.sites) {
            for (int i = 0; i < sites.size(); i++) {
                if (!o.library().isEmpty() && sites.get(i).key().equals(o.key())) {
                    sites.set(i, o);
                    any = true;
                }
            }
        }
        if (any && ran.variable != null) {
            variable = ran.variable;
            variables = ran.variables;
        }
    }

    /** Adds variables that race between the same two sites (kept in order, each once; absent while one). */
    public void addVariables(java.util.Collection<String> more) {
        java.util.LinkedHashSet<String> all = new java.util.LinkedHashSet<>();
        if (variable != null) {
            all.add(variable);
        }
        if (variables != null) {
            all.addAll(variables);
        }
        all.addAll(more);
        variables = all.size() > 1 ? List.copyOf(all) : null;
    }

    /** Raced in some trial: real or harmful. */
    public boolean induced() {
        return "real".equals(verdict) || "harmful".equals(verdict);
    }

    /** A race confirmed here that neither the baseline knows nor a suppression covers: what exit code 1 means. */
    public boolean counted() {
        return induced() && !Boolean.TRUE.equals(baseline) && suppressed == null;
    }
}
