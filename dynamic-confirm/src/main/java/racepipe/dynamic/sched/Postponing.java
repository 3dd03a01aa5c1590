package racepipe.dynamic.sched;

import java.util.ArrayList;
import java.util.List;

/**
 * What RaceFuzzer, AtomFuzzer and DeadlockFuzzer share: a thread at a point of interest is
 * postponed while the others run; one postponed for more than {@link #POSTPONE_LIMIT} turns is
 * released (the partner it waits for may spin waiting for it: a hand-over by polling), and so is
 * one picked at random when every enabled thread is postponed. A release that came without what
 * the policy waited for is fruitless; after {@link #FRUITLESS_LIMIT} of them, or when the policy
 * has seen enough, steering stops and every postponed thread is released. The bounds count turns,
 * not time, so a seed replays its trial. Guarded by the scheduler's lock.
 */
abstract class Postponing implements Policy {
    static final long POSTPONE_LIMIT = 1000;
    static final int FRUITLESS_LIMIT = 2000;

    final Roster roster;
    final Choices choices;
    private int fruitless;
    private long stoppedAt = -1; // the turn steering stopped at; -1: still steering

    Postponing(Roster roster, Choices choices) {
        this.roster = roster;
        this.choices = choices;
    }

    static void postpone(SchedThread t, long turn) {
        t.state = SchedThread.State.POSTPONED;
        t.postponedAt = turn;
    }

    /** Lets a postponed thread go: true when that was fruitless (it did not get what it waited for). */
    boolean release(SchedThread t) {
        t.state = SchedThread.State.PARKED;
        return true;
    }

    /** Before the usual choice (overdue threads already released): a thread the policy forces to run next, or null. */
    SchedThread forced(List<SchedThread> enabled) {
        return null;
    }

    @Override
    public final SchedThread choose(List<SchedThread> enabled, long turn) {
        for (SchedThread t : roster.all()) {
            if (t.state == SchedThread.State.POSTPONED && turn - t.postponedAt > POSTPONE_LIMIT && release(t)) {
                fruitless(turn); // it waited long enough
            }
        }
        SchedThread f = forced(enabled);
        if (f != null) {
            return f;
        }
        List<SchedThread> free = new ArrayList<>();
        List<SchedThread> held = new ArrayList<>();
        for (SchedThread t : enabled) {
            (t.state == SchedThread.State.POSTPONED ? held : free).add(t);
        }
        if (free.isEmpty() && !held.isEmpty()) {
            SchedThread released = held.get(choices.choose(held.size())); // every enabled thread is postponed
            if (release(released)) {
                fruitless(turn);
            }
            return released;
        }
        return free.isEmpty() ? null : free.get(choices.choose(free.size()));
    }

    private void fruitless(long turn) {
        if (++fruitless >= FRUITLESS_LIMIT && stoppedAt < 0) {
            stop(turn);
        }
    }

    /** Steering ends: every postponed thread is released; accesses are no points from here on. */
    void stop(long turn) {
        stoppedAt = turn;
        for (SchedThread t : roster.all()) {
            if (t.state == SchedThread.State.POSTPONED) {
                release(t);
            }
        }
    }

    long stoppedAt() {
        return stoppedAt;
    }

    @Override
    public boolean steering() {
        return stoppedAt < 0;
    }

    /** Postponements so far that ended without what they waited for. */
    @Override
    public int fruitless() {
        return fruitless;
    }

    /** Why and when steering stopped, for the trial's note: after {@code what} (e.g. "3 races"); null while it goes on. */
    String stoppedAfter(String what) {
        return stoppedAt < 0 ? null : "steering stopped at turn " + stoppedAt + " after " + what + " and "
                + fruitless + " postponements without one";
    }
}
