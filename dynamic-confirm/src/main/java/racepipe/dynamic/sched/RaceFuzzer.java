package racepipe.dynamic.sched;

import java.util.ArrayList;
import java.util.List;

/**
 * RaceFuzzer's policy (Sen, "Race Directed Random Testing of Concurrent Programs", PLDI 2008):
 * a thread about to access one of the pair's sites is postponed until a partner arrives one
 * step before a conflicting access to the same address (one of the two a write); then a coin
 * orders the two. When every enabled thread is postponed, one is released at random.
 * Guarded by the scheduler's lock.
 */
final class RaceFuzzer implements Policy {
    /**
     * Turns a thread may stay postponed while others run. Without a bound, a thread that spins
     * waiting for the postponed one (a hand-over by polling) would keep the turn forever; the
     * bound counts turns, not time, so schedules stay reproducible.
     */
    private static final long POSTPONE_LIMIT = 1000;
    /**
     * When the trial has what it came for, RaceFuzzer stops steering: after this many races of
     * the pair (each ordered by its own coin), or after this many postponements that ended
     * without one (released by the bound or because every enabled thread was postponed). A pair
     * in a hot loop otherwise costs a hand-over per execution of its sites, millions in a
     * real-size kernel; from then on accesses are no scheduling points and threads change only
     * at synchronisation, as in the paper's implementation. Both counts are events of the
     * schedule, so a replay stops at the same turn.
     */
    static final int ENOUGH_RACES = 10;
    static final int FRUITLESS_LIMIT = 2000;

    private final RaceLog log;
    private final Roster roster;
    private final Choices choices;
    private final List<SchedThread> forced = new ArrayList<>(); // partners that run next, in order
    private int fruitless;   // postponements released without a race
    private long stoppedAt = -1; // the turn steering stopped at; -1: still steering

    RaceFuzzer(RaceLog log, Roster roster, Choices choices) {
        this.log = log;
        this.roster = roster;
        this.choices = choices;
    }

    /**
     * At an access to a site of the pair, a race with the postponed partners is recorded and the
     * coin is flipped: heads, me runs its access now. Otherwise me is postponed and the partners
     * are forced to run next, each its one access.
     */
    @Override
    public boolean keepsTurn(SchedThread me, long turn) {
        if (stoppedAt >= 0 || !log.atRaceSite(me)) {
            return false;
        }
        List<SchedThread> partners = new ArrayList<>();
        for (SchedThread t : roster.all()) {
            if (t != me && t.state == SchedThread.State.POSTPONED && log.conflict(me, t)) {
                partners.add(t);
            }
        }
        if (!partners.isEmpty()) {
            boolean heads = choices.coin();
            log.record(me, partners.get(0), heads, turn);
            if (log.count() >= ENOUGH_RACES) {
                stop(turn); // partners stay forced: this race is ordered as the coin said
            }
            if (heads) {
                return true;
            }
            for (SchedThread r : partners) {
                r.state = SchedThread.State.PARKED;
                forced.add(r);
            }
        }
        if (stoppedAt < 0) {
            me.state = SchedThread.State.POSTPONED;
            me.postponedAt = turn;
        }
        return false;
    }

    @Override
    public SchedThread choose(List<SchedThread> enabled, long turn) {
        for (SchedThread t : roster.all()) {
            if (t.state == SchedThread.State.POSTPONED && turn - t.postponedAt > POSTPONE_LIMIT) {
                t.state = SchedThread.State.PARKED; // it waited long enough for a partner
                fruitless(turn);
            }
        }
        while (!forced.isEmpty()) {
            SchedThread f = forced.remove(0);
            if (enabled.contains(f)) {
                return f;
            }
        }
        List<SchedThread> free = new ArrayList<>();
        List<SchedThread> held = new ArrayList<>();
        for (SchedThread t : enabled) {
            (t.state == SchedThread.State.POSTPONED ? held : free).add(t);
        }
        if (free.isEmpty() && !held.isEmpty()) {
            SchedThread released = held.get(choices.choose(held.size()));
            released.state = SchedThread.State.PARKED; // every enabled thread is postponed: release one at random
            fruitless(turn);
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
    private void stop(long turn) {
        stoppedAt = turn;
        for (SchedThread t : roster.all()) {
            if (t.state == SchedThread.State.POSTPONED) {
                t.state = SchedThread.State.PARKED;
            }
        }
    }

    /** Still steering: accesses to the pair's sites are points where a thread may be postponed. */
    @Override
    public boolean steering() {
        return stoppedAt < 0;
    }

    /** Postponements so far that ended without a race. */
    @Override
    public int fruitless() {
        return fruitless;
    }

    /** Why and when steering stopped, for the trial's note; null while it goes on. */
    @Override
    public String stopped() {
        return stoppedAt < 0 ? null : "steering stopped at turn " + stoppedAt + " after " + log.count() + " races and "
                + fruitless + " postponements without one";
    }

    /** The algorithm's invariant: no two postponed threads form a race of the pair. */
    @Override
    public boolean postponedRaceFree() {
        for (SchedThread a : roster.all()) {
            for (SchedThread b : roster.all()) {
                if (a != b && a.state == SchedThread.State.POSTPONED && b.state == SchedThread.State.POSTPONED
                        && log.conflict(a, b)) {
                    return false;
                }
            }
        }
        return true;
    }
}
