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
        for (int i = 0; i < wanted.length; i++) {
            if (plays(me, i)) {
                return true;
            }
        }
        return false;
    }

    /** me is at participant i's wanted acquire, holding a lock it took at i's held site. */
    private boolean plays(SchedThread me, int i) {
        String at = key(me.acquireSite);
        if (at == null || !wanted[i].equals(at)) {
            return false;
        }
        for (Object l : locks.heldBy(me)) {
            Integer site = me.heldAt.get(l);
            if (l != me.lock && site != null && held[i].equals(key(site))) {
                return true;
            }
        }
        return false;
    }

    /** Participants i.. can each be played by a distinct thread of {@code stuck} not yet taken. */
    private boolean matched(List<SchedThread> stuck, int i, boolean[] taken) {
        if (i == wanted.length) {
            return true;
        }
        for (int j = 0; j < stuck.size(); j++) {
            if (!taken[j] && plays(stuck.get(j), i)) {
                taken[j] = true;
                if (matched(stuck, i + 1, taken)) {
                    return true;
                }
                taken[j] = false;
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
     * The trial deadlocked on this cycle: the schedule declared a deadlock, and every participant
     * of the cycle is played by a thread of its own, stuck at that participant's wanted acquire
     * holding a lock from its held site (two threads at one participant's acquire are not a cycle
     * whose other participant waits elsewhere), and the deadlock's cycle has as many threads as
     * the candidate (two threads of a three-philosopher deadlock are no two-thread cycle).
     */
    @Override
    public void deadlocked() {
        List<SchedThread> stuck = new java.util.ArrayList<>();
        for (SchedThread t : roster.all()) {
            if (t.op == SchedThread.Op.ACQUIRE && atCycle(t)) {
                stuck.add(t);
            }
        }
        boolean exact = Deadlocks.cycleLength(deadlock.get()) == wanted.length;
        hit = exact && matched(stuck, 0, new boolean[stuck.size()]) ? "deadlock on the cycle: " + stuck.size()
                + " threads blocked at its acquires after " + pauses + " pauses" : null;
    }

    @Override
    public String hit() {
        return deadlock.get() == null ? null : hit;
    }
}
