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
final class RaceFuzzer extends Postponing {
    /**
     * When the trial has what it came for, RaceFuzzer stops steering: after this many races of
     * the pair (each ordered by its own coin), or after {@link #FRUITLESS_LIMIT} postponements that
     * ended without one. A pair in a hot loop otherwise costs a hand-over per execution of its
     * sites, millions in a real-size kernel; from then on accesses are no scheduling points and
     * threads change only at synchronisation, as in the paper's implementation.
     */
    static final int ENOUGH_RACES = 10;

    private final RaceLog log;
    private final List<SchedThread> forced = new ArrayList<>(); // partners that run next, in order

    RaceFuzzer(RaceLog log, Roster roster, Choices choices) {
        super(roster, choices);
        this.log = log;
    }

    /**
     * At an access to a site of the pair, a race with the postponed partners is recorded and the
     * coin is flipped: heads, me runs its access now. Otherwise me is postponed and the partners
     * are forced to run next, each its one access.
     */
    @Override
    public boolean keepsTurn(SchedThread me, long turn) {
        if (!steering() || !log.atRaceSite(me)) {
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
        if (steering()) {
            postpone(me, turn);
        }
        return false;
    }

    @Override
    SchedThread forced(List<SchedThread> enabled) {
        while (!forced.isEmpty()) {
            SchedThread f = forced.remove(0);
            if (enabled.contains(f)) {
                return f;
            }
        }
        return null;
    }

    @Override
    public String stopped() {
        return stoppedAfter(log.count() + " races");
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
