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

    /** Still steering (RaceFuzzer stops after enough races or fruitless postponements; the others never do). */
    default boolean steering() {
        return true;
    }

    /** Why and when steering stopped, for the trial's note; null while it goes on. */
    default String stopped() {
        return null;
    }

    /** Postponements that ended without a race (RaceFuzzer's). */
    default int fruitless() {
        return 0;
    }

    /**
     * A directed strategy for a candidate of another kind than a race pair (a lock cycle, an
     * atomic block): what made the candidate happen in this trial, for its note; null while it has
     * not (a trial's "raced" is then this). RaceFuzzer and the others: null, their hits are races.
     */
    default String hit() {
        return null;
    }

    /** The schedule declared a deadlock: the threads are still where they blocked, holding their locks. */
    default void deadlocked() {
    }

    /** RaceFuzzer's invariant: no two postponed threads form a race of the pair. */
    default boolean postponedRaceFree() {
        return true;
    }

    /** Every access and yield is a choice to explore (volatiles as accesses, yields as yields). */
    default boolean explores() {
        return false;
    }

    /** The watchdog let a thread go, or restarted the turn: what happened was the clock's, not the policy's. */
    default void lostControl(String why) {
    }

    /**
     * The thread holding the turn did an operation between points (a release, a start, its end):
     * only exploration keeps count of them. {@code slot}: a thread's number for START and END.
     */
    default void did(SchedThread t, racepipe.dynamic.explore.Act.Kind kind, Object target, int slot) {
    }

    /**
     * The schedule decided something that is not a choice of the exploration (which waiter a
     * notify wakes, ...): an exploration that met one is not complete.
     */
    default void notChoice(String what) {
    }

    /** The atomic update t was chosen for did not take place (a failed compareAndSet): it was a read. */
    default void updateFailed(SchedThread t) {
    }
}
