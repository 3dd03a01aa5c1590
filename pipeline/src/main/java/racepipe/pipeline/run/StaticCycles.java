package racepipe.pipeline.run;

import java.util.ArrayList;
import java.util.List;
import racepipe.contract.CandidateKind;
import racepipe.pipeline.model.Candidate;
import racepipe.pipeline.model.ResultFile;
import racepipe.statics.StaticResult;

/**
 * The static engine's lock cycles among the dynamic ones. A cycle iGoodlock also predicted gets
 * the engine as a predictor; one only the engine predicted is tried by DeadlockFuzzer like any
 * cycle, and stays under {@code deadlocks} only when a trial deadlocked on it: an unconfirmed
 * static-only cycle goes to {@code staticCycles}. The engine sees every path of the program, not
 * this input's (a gate or an order that only the program's arguments decide is one it cannot
 * see), so what the runs never showed is reported as a deadlock only once it happened.
 */
final class StaticCycles {
    private StaticCycles() {
    }

    static void merge(ResultFile r, StaticResult s) {
        if (s == null || s.lockCycles().isEmpty()) {
            return;
        }
        List<Candidate> all = new ArrayList<>(r.candidates(CandidateKind.LOCK_CYCLE));
        for (Candidate cycle : StaticPhase.cycles(s)) {
            Candidate known = all.stream().filter(c -> sameCycle(c.siteKeys(), cycle.siteKeys())).findFirst().orElse(null);
            if (known == null) {
                all.add(cycle);
            } else {
                known.predictors.putAll(cycle.predictors);
            }
        }
        r.candidates(CandidateKind.LOCK_CYCLE, all);
    }

    /** After Phase 2: the static-only cycles no trial deadlocked on leave {@code deadlocks} for {@code staticCycles}. */
    static void settle(ResultFile r) {
        if (r.deadlocks == null) {
            return;
        }
        List<Candidate> kept = new ArrayList<>(), moved = new ArrayList<>();
        for (Candidate c : r.deadlocks) {
            boolean staticOnly = c.predictors.keySet().stream().allMatch(k -> k.startsWith("static"));
            (staticOnly && !"confirmed".equals(c.verdict) ? moved : kept).add(c);
        }
        r.deadlocks = kept;
        if (!moved.isEmpty()) {
            r.staticCycles = moved;
        }
    }

    /** Two lock cycles are one when their participants (held acquire, wanted acquire) are the same in some rotation. */
    static boolean sameCycle(List<String> a, List<String> b) {
        if (a.size() != b.size() || a.size() % 2 != 0) {
            return false;
        }
        for (int shift = 0; shift < a.size(); shift += 2) {
            boolean same = true;
            for (int i = 0; i < a.size() && same; i++) {
                same = a.get(i).equals(b.get((i + shift) % b.size()));
            }
            if (same) {
                return true;
            }
        }
        return false;
    }
}
