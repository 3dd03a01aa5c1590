package racepipe.dynamic.sched;

import java.util.List;
import racepipe.dynamic.runtime.Sites;

/**
 * DeadlockFuzzer's policy (Joshi, Park, Sen, Naik, PLDI 2009, section 4): given a lock cycle as
 * its sites, per participant the acquire site of the lock it holds and the acquire site of the
 * lock it wants, a thread about to take a lock at a participant's wanted site while holding a
 * lock it took at that participant's held site is paused there (postponed), so the other
 * participants can take their own first locks; once they come to their wanted acquires too,
 * none of them can go on and the scheduler declares the deadlock. Threads and locks are matched
 * by the acquire sites (the paper's abstraction by context, at its coarsest). A paused thread is
 * let go when every enabled thread is paused, or after {@link #POSTPONE_LIMIT} turns (a partner that
 * never comes), as RaceFuzzer releases its postponed ones; a pause is never fruitless (it never
 * stops steering). Guarded by the scheduler's lock.
 */
final class DeadlockFuzzer extends Postponing {
    private final String[] held;   // per participant: the site key of its held lock's acquire
    private final String[] wanted; // per participant: the site key of the acquire it blocks in
    private final LockModel locks;
    private final java.util.function.Supplier<String> deadlock;
    private int pauses;
    private String hit; // set when the schedule declared a deadlock on this cycle

    DeadlockFuzzer(List<String> sites, Roster roster, Choices choices, LockModel locks,
                   java.util.function.Supplier<String> deadlock) {
        super(roster, choices);
        int k = sites.size() / 2;
        this.held = new String[k];
        this.wanted = new String[k];
        for (int i = 0; i < k; i++) {
            held[i] = sites.get(2 * i);
            wanted[i] = sites.get(2 * i + 1);
        }
        this.locks = locks;
        this.deadlock = deadlock;
    }

    @Override
    public boolean keepsTurn(SchedThread me, long turn) {
        if (me.op == SchedThread.Op.ACQUIRE && me.exclusive && atCycle(me)) {
            postpone(me, turn);
            pauses++;
        }
        return false;
    }

    /** me is at a participant's wanted acquire, holding a lock it took at that participant's held site. */
    private boolean atCycle(SchedThread me) {
        String at = key(me.acquireSite);
        if (at == null) {
            return false;
        }
        for (int i = 0; i < wanted.length; i++) {
            if (!wanted[i].equals(at)) {
                continue;
            }
            for (Object l : locks.heldBy(me)) {
                Integer site = me.heldAt.get(l);
                if (l != me.lock && site != null && held[i].equals(key(site))) {
                    return true;
                }
            }
        }
        return false;
    }

    private static String key(int site) {
        return site < 0 ? null : Sites.get(site).key();
    }

    @Override
    boolean release(SchedThread t) {
        t.state = SchedThread.State.PARKED;
        return false;
    }

    /**
     * The trial deadlocked on this cycle: the schedule declared a deadlock, and as many threads as
     * the cycle has participants are stuck at its wanted acquires, each holding a lock from its held site.
     */
    @Override
    public void deadlocked() {
        int stuck = 0;
        for (SchedThread t : roster.all()) {
            if (t.op == SchedThread.Op.ACQUIRE && atCycle(t)) {
                stuck++;
            }
        }
        hit = stuck >= wanted.length ? "deadlock on the cycle: " + stuck + " threads blocked at its acquires after "
                + pauses + " pauses" : null;
    }

    @Override
    public String hit() {
        return deadlock.get() == null ? null : hit;
    }
}
