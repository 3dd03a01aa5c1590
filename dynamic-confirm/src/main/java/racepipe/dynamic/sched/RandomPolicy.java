package racepipe.dynamic.sched;

import java.util.List;

/**
 * The random scheduler: any enabled thread, uniformly, at every point. When the pair is watched
 * it only notes where two threads happened to meet one step before its accesses.
 */
final class RandomPolicy implements Policy {
    private final RaceLog log;
    private final Roster roster;
    private final Choices choices;

    RandomPolicy(RaceLog log, Roster roster, Choices choices) {
        this.log = log;
        this.roster = roster;
        this.choices = choices;
    }

    @Override
    public boolean keepsTurn(SchedThread me, long turn) {
        if (log.atRaceSite(me)) {
            for (SchedThread t : roster.all()) {
                if (t != me && t.state == SchedThread.State.PARKED && log.conflict(me, t)) {
                    log.record(me, t, true, turn); // two threads happened to meet
                    break;
                }
            }
        }
        return false;
    }

    @Override
    public SchedThread choose(List<SchedThread> enabled, long turn) {
        return enabled.isEmpty() ? null : enabled.get(choices.choose(enabled.size()));
    }
}
