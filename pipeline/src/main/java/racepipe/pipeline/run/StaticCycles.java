package racepipe.pipeline.run;

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
        StaticOnly.merge(r, CandidateKind.LOCK_CYCLE, StaticPhase.cycles(s), (a, b) -> sameCycle(a.siteKeys(), b.siteKeys()));
    }

    /** After Phase 2: the static-only cycles no trial deadlocked on leave {@code deadlocks} for {@code staticCycles}. */
    static void settle(ResultFile r) {
        if (r.deadlocks == null) {
            return;
        }
        List<List<Candidate>> split = StaticOnly.split(r.deadlocks);
        r.deadlocks = split.get(0);
        if (!split.get(1).isEmpty()) {
            r.staticCycles = split.get(1);
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
