package racepipe.pipeline.run;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiPredicate;
import racepipe.contract.CandidateKind;
import racepipe.pipeline.model.Candidate;
import racepipe.pipeline.model.ResultFile;

/**
 * The engine's candidates of a kind (lock cycles, atomic blocks) among the runs': one the runs
 * also showed gets the engine among its predictors; one only the engine predicted is tried like
 * any, and stays with the kind's findings only when a trial made it happen.
 */
final class StaticOnly {
    private StaticOnly() {
    }

    /** The engine's candidates joined to the result's of their kind, by {@code same}. */
    static void merge(ResultFile r, CandidateKind kind, List<Candidate> fromEngine, BiPredicate<Candidate, Candidate> same) {
        List<Candidate> all = new ArrayList<>(r.candidates(kind));
        for (Candidate c : fromEngine) {
            List<Candidate> known = all.stream().filter(k -> same.test(k, c)).toList();
            if (known.isEmpty()) {
                all.add(c);
            } else {
                known.forEach(k -> k.predictors.putAll(c.predictors));
            }
        }
        r.candidates(kind, all);
    }

    /** After Phase 2: the findings to keep, and apart the static-only ones no trial made happen. */
    static List<List<Candidate>> split(List<Candidate> findings) {
        List<Candidate> kept = new ArrayList<>(), moved = new ArrayList<>();
        for (Candidate c : findings) {
            boolean staticOnly = c.predictors.keySet().stream().allMatch(k -> k.startsWith("static"));
            (staticOnly && !c.counted() ? moved : kept).add(c);
        }
        return List.of(kept, moved);
    }
}
