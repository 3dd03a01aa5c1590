package racepipe.dynamic.sched;

import java.util.ArrayList;
import java.util.List;

/**
 * RaceFuzzer's part of a schedule (Sen, "Race Directed Random Testing of Concurrent Programs",
 * PLDI 2008): a thread about to access one of the pair's sites is postponed until a
 * partner arrives one step before a conflicting access to the same address (one of the two a
 * write); then a coin orders the two. Under the random scheduler it only notes where two
 * threads happened to meet. Guarded by the scheduler's lock.
 */
final class RaceFuzzer {
    /**
     * Turns a thread may stay postponed while others run. Without a bound, a thread that spins
     * waiting for the postponed one (a hand-over by polling) would keep the turn forever; the
     * bound counts turns, not time, so schedules stay reproducible.
     */
    private static final long POSTPONE_LIMIT = 1000;

    private final RaceLog log;
    private final boolean postpone; // RaceFuzzer; false: the random scheduler
    private final Roster roster;
    private final Choices choices;
    private final List<SchedThread> forced = new ArrayList<>(); // partners that run next, in order

    RaceFuzzer(RaceLog log, boolean postpone, Roster roster, Choices choices) {
        this.log = log;
        this.postpone = postpone && log.watching();
        this.roster = roster;
        this.choices = choices;
    }

    /**
     * The current thread {@code me} is at its point. At an access to a site of the pair, a race
     * with the partners waiting there is recorded and the coin is flipped: true when me runs
     * its access now. Otherwise me is postponed and the partners are forced to run next.
     */
    boolean goesFirst(SchedThread me, long turns) {
        if (!log.watching() || me.op != SchedThread.Op.ACCESS || !log.isRaceSite(me.site)) {
            return false;
        }
        List<SchedThread> partners = racing(me);
        if (!postpone) {
            if (!partners.isEmpty()) {
                log.record(me, partners.get(0), true, turns); // random: two threads happened to meet
            }
        } else if (!partners.isEmpty()) {
            boolean heads = choices.coin();
            log.record(me, partners.get(0), heads, turns);
            if (heads) {
                return true;
            }
            postpone(me, turns);
            for (SchedThread r : partners) {
                r.postponed = false;
                forced.add(r);
            }
        } else {
            postpone(me, turns);
        }
        return false;
    }

    /**
     * Threads waiting one step before a racing access to the same address, one access a write:
     * under RaceFuzzer the postponed ones (the racing set of the paper's algorithm), else any parked there.
     */
    private List<SchedThread> racing(SchedThread me) {
        List<SchedThread> r = new ArrayList<>();
        for (SchedThread t : roster.all()) {
            if (t != me && (postpone ? t.postponed : t.atPoint && !t.undecided) && t.op == SchedThread.Op.ACCESS
                    && log.isRaceSite(t.site) && (log.oneSite() || t.site != me.site) // one at each site
                    && t.target == me.target && t.slot == me.slot && (t.write || me.write)) {
                r.add(t);
            }
        }
        return r;
    }

    private static void postpone(SchedThread t, long turns) {
        t.postponed = true;
        t.postponedAt = turns;
    }

    /** Lets go the threads postponed for longer than the limit: they waited long enough for a partner. */
    void releaseOverdue(long turns) {
        for (SchedThread t : roster.all()) {
            if (t.postponed && turns - t.postponedAt > POSTPONE_LIMIT) {
                t.postponed = false;
            }
        }
    }

    /** The next partner forced to run after a coin said tails, or null. */
    SchedThread nextForced() {
        return forced.isEmpty() ? null : forced.remove(0);
    }

    /** The algorithm's invariant: no two postponed threads form a race of the pair. */
    boolean postponedRaceFree() {
        for (SchedThread a : roster.all()) {
            for (SchedThread b : roster.all()) {
                if (a != b && a.postponed && b.postponed && a.target == b.target && a.slot == b.slot
                        && (a.write || b.write) && (log.oneSite() || a.site != b.site)) {
                    return false;
                }
            }
        }
        return true;
    }
}
