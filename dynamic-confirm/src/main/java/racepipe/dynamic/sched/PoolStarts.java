package racepipe.dynamic.sched;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import racepipe.dynamic.sched.SchedThread.State;

/**
 * Exploring, a task handed to a pool: when the submit made a pool's thread, or an idle one may
 * wake for it, the task starts on it at once, outside the scheduler's view. The submitter waits
 * at its next point until that thread has arrived at its first point, so that it is a candidate
 * at the next choice: when it joins is the schedule's, not the clock's. Ten seconds at most: a
 * new thread on a loaded machine takes long to start (one that comes late is a schedule lost;
 * a race that needed it says so). A task queued behind busy threads starts when one of them
 * finishes its task, with the turn.
 */
final class PoolStarts {
    private static final long WAIT_NANOS = 10_000_000_000L;

    private final Object m;
    private final Schedule schedule;

    PoolStarts(Object schedulerLock, Schedule schedule) {
        this.m = schedulerLock;
        this.schedule = schedule;
    }

    /** At the submit: the task's thread, once it began (null before), and the group's threads now. */
    static void submitted(SchedThread me, Supplier<Thread> runner) {
        me.submittedTo = runner;
        me.threadsBeforeSubmit = groupThreads();
    }

    /** At the submitter's next point: what to wait for (null: nothing; the task waits for a busy thread). */
    BooleanSupplier started(SchedThread me) {
        Supplier<Thread> runner = me.submittedTo;
        Set<Thread> before = me.threadsBeforeSubmit;
        me.submittedTo = null;
        me.threadsBeforeSubmit = null;
        boolean idle;
        synchronized (m) {
            idle = schedule.roster.all().stream().anyMatch(t -> t.state == State.IDLE);
        }
        if (!idle && before.containsAll(groupThreads())) {
            return null;
        }
        long until = System.nanoTime() + WAIT_NANOS;
        return () -> arrived(runner.get()) || System.nanoTime() - until > 0;
    }

    /** The thread is at a point the schedule knows (registered, past running outside the turn). */
    private boolean arrived(Thread t) {
        if (t == null) {
            return false;
        }
        synchronized (m) {
            SchedThread st = schedule.roster.get(t);
            return st != null && st.state != State.DETACHED && st.state != State.IDLE;
        }
    }

    /** The live threads of the caller's group (a trial's): a submit that made one has a new one. */
    private static Set<Thread> groupThreads() {
        ThreadGroup g = Thread.currentThread().getThreadGroup();
        Thread[] live = new Thread[g.activeCount() + 8];
        int n = g.enumerate(live);
        Set<Thread> set = Collections.newSetFromMap(new IdentityHashMap<>());
        for (int i = 0; i < n; i++) {
            set.add(live[i]);
        }
        return set;
    }
}
