package racepipe.pipeline.run;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import racepipe.contract.CandidateKind;
import racepipe.pipeline.model.Candidate;
import racepipe.pipeline.model.ResultFile;

/**
 * Where the candidates of the other kinds go in a result: each kind in its report.json list
 * (present, maybe empty, once Phase 1 ran, so "none" is said), and their Phase 2 order: more
 * predictors agreeing first, then more runs that saw it, then the key.
 */
final class OtherCandidates {
    private OtherCandidates() {
    }

    static void place(ResultFile r, Collection<Candidate> found) {
        for (CandidateKind k : CandidateKind.values()) {
            if (k != CandidateKind.RACE) {
                List<Candidate> l = new ArrayList<>(r.candidates(k));
                found.stream().filter(c -> c.kindOf() == k && l.stream().noneMatch(o -> o.key.equals(c.key))).forEach(l::add);
                r.candidates(k, l);
            }
        }
    }

    static List<Candidate> ranked(ResultFile r) {
        List<Candidate> all = new ArrayList<>(r.otherCandidates());
        all.sort(Comparator.comparingInt((Candidate c) -> -c.predictors.size())
                .thenComparingInt(c -> -c.predictors.values().stream()
                        .mapToInt(v -> v instanceof Integer i ? i : 0).sum())
                .thenComparing(c -> c.key));
        return all;
    }
}
