package racepipe.pipeline.run;

import java.time.Duration;

/**
 * The static engine's share of analyze's budget, so that it never starves the dynamic runs and
 * Phase 2: a quarter of the budget (a dependency tree like Mockito's had the engine run all of a
 * 10-minute budget; a quarter measured well), after which it reports what it found (partial).
 * The dynamic runs never wait for its help longer than {@link #helpWait}.
 */
final class StaticShare {
    static final int SHARE = 4;
    /** The longest wait for static help without a budget. */
    static final Duration HELP_WAIT_UNBOUNDED = Duration.ofSeconds(60);

    private StaticShare() {
    }

    /** The engine's time limit: a quarter of the budget, none without one. */
    static Duration of(Duration budget) {
        return budget == null ? null : budget.dividedBy(SHARE);
    }

    /** How long the dynamic runs of a long program may wait for the engine's thread-local sites: half its share. */
    static Duration helpWait(Duration budget) {
        return budget == null ? HELP_WAIT_UNBOUNDED : budget.dividedBy(2L * SHARE);
    }
}
