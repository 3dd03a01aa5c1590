package racepipe.pipeline.model;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import racepipe.contract.CandidateKind;

/**
 * A Phase 2 candidate of another kind than a race pair (racepipe.contract.CandidateKind): a lock
 * cycle or an atomic block with its interleaving access. Its sites in the kind's order (a lock
 * cycle: per thread the acquire of the lock it holds, then of the lock it wants), who predicted
 * it, and once Phase 2 ran, the same confirm block, trials and verdict as a pair. Its key is the
 * kind and its site keys, so the same candidate from two runs or two predictors is one.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class Candidate {
    public String kind;
    public String key;
    public List<SiteInfo> sites = new ArrayList<>();
    /** Per participant (a lock cycle: per thread) its thread, lock and stack, from the run that predicted it first. */
    public List<String> threads;
    public List<String> locks;
    public List<String> stacks;
    /** "static": true; a dynamic detector: the number of runs that saw it. */
    public Map<String, Object> predictors = new TreeMap<>();
    public Confirm confirm;
    public List<TrialSummary> trials;
    /** The kind's verdicts: a lock cycle confirmed / unconfirmed / untried; see CandidateRules. */
    public String verdict;
    /** The seed of the trial that showed it (also in confirm.replay). */
    public Long seed;
    public String label;
    public String truth;

    public Candidate() {
    }

    public Candidate(CandidateKind kind, List<SiteInfo> sites) {
        this.kind = kind.label;
        this.sites.addAll(sites);
        this.key = key(kind, sites.stream().map(SiteInfo::key).toList());
    }

    /** The key of a candidate: its kind, then its site keys in order, joined by '|'. */
    public static String key(CandidateKind kind, List<String> siteKeys) {
        return kind.label + ":" + String.join("|", siteKeys);
    }

    @JsonIgnore
    public CandidateKind kindOf() {
        return CandidateKind.of(kind);
    }

    @JsonIgnore
    public List<String> siteKeys() {
        return sites.stream().map(SiteInfo::key).toList();
    }

    /** Shown to happen by a trial: what exit code 1 counts. */
    public boolean counted() {
        return "confirmed".equals(verdict) || "harmful".equals(verdict) || "real".equals(verdict);
    }
}
