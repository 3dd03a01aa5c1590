package racepipe.dynamic.sched;

import java.util.List;

/**
 * How a schedule chooses, apart from how the turn is passed (Schedule) and from the watchdog
 * (Stalls): RaceFuzzer, or the random scheduler. Every choice goes through the schedule's one
 * seeded {@link Choices}. Called under the scheduler's lock.
 */
interface Policy {
    /**
     * {@code me} holds the turn at a point, its operation decided: true when it goes on at once
     * (RaceFuzzer: the coin put its racing access first); false: a thread is chosen.
     */
    boolean keepsTurn(SchedThread me, long turn);

    /** The thread to run next among the enabled candidates (in roster order), or null when there are none. */
    SchedThread choose(List<SchedThread> enabled, long turn);
}
