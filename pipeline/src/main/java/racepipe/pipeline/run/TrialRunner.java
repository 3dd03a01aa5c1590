package racepipe.pipeline.run;

import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Predicate;
import racepipe.contract.TrialResult;
import racepipe.pipeline.input.ProgramInput;
import racepipe.pipeline.model.SiteInfo;

/**
 * Where a pair's Phase 2 trials run: the local worker JVMs ({@link #LOCAL}, the default) or a
 * cluster's tasks (racepipe-distributed). Whatever runs them, the answer is
 * {@link ConfirmRuns#runUntil}'s: the trials of a prefix of {@code seeds}, in seed order, the
 * shortest one {@code settled} accepts, each trial a function of its seed alone.
 */
@FunctionalInterface
public interface TrialRunner {
    TrialRunner LOCAL = ConfirmRuns::runUntil;

    List<TrialResult> runUntil(ProgramInput program, SiteInfo a, SiteInfo b, ConfirmRuns.Options opt, List<Long> seeds,
                               Map<Long, TrialResult> done, Predicate<List<TrialResult>> settled,
                               Consumer<TrialResult> onTrial, BooleanSupplier stopped);
}
