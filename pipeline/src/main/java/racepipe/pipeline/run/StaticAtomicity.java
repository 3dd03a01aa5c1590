package racepipe.pipeline.run;

import java.util.List;
import racepipe.contract.CandidateKind;
import racepipe.pipeline.model.Candidate;
import racepipe.pipeline.model.ResultFile;
import racepipe.statics.StaticResult;

/**
 * The static engine's atomic blocks among the dynamic ones, as {@link StaticCycles} does for lock
 * cycles. A block is its check and act (the first two sites; the interleaving access differs
 * from run to run): every dynamic candidate of a block the engine also predicted gets the engine
 * as a predictor; a block only the engine predicted is tried by AtomFuzzer like any, and stays
 * under {@code atomicity} only when a trial interleaved it (verdict real or harmful): else it
 * goes to {@code staticAtomicity}. The engine sees every path, not this input's, so a block the
 * runs never showed is reported as a violation only once it happened.
 */
final class StaticAtomicity {
    private StaticAtomicity() {
    }

    static void merge(ResultFile r, StaticResult s) {
        if (s == null || s.atomicBlocks().isEmpty()) {
            return;
        }
        StaticOnly.merge(r, CandidateKind.ATOMIC_BLOCK, StaticPhase.atomicBlocks(s), StaticAtomicity::sameBlock);
    }

    /** After Phase 2: the static-only blocks no trial interleaved leave {@code atomicity} for {@code staticAtomicity}. */
    static void settle(ResultFile r) {
        if (r.atomicity == null) {
            return;
        }
        List<List<Candidate>> split = StaticOnly.split(r.atomicity);
        r.atomicity = split.get(0);
        if (!split.get(1).isEmpty()) {
            r.staticAtomicity = split.get(1);
        }
    }

    /** Two atomicity candidates are one block when their check and act are the same sites. */
    static boolean sameBlock(Candidate a, Candidate b) {
        return a.sites.size() >= 2 && b.sites.size() >= 2 && a.sites.get(0).key().equals(b.sites.get(0).key())
                && a.sites.get(1).key().equals(b.sites.get(1).key());
    }
}
