package racepipe.dynamic.sched;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.LockSupport;
import racepipe.dynamic.runtime.Abort;
import racepipe.dynamic.runtime.Scheduling;

/**
 * Runs the program's threads one at a time; every choice comes from one seeded RNG, so a seed
 * gives one schedule. Without race sites it picks a random enabled thread at every scheduling
 * point (the random scheduler); with them it is RaceFuzzer (Sen, "Race Directed Random Testing
 * of Concurrent Programs", PLDI 2008): it postpones a thread one step before a racing access
 * until a partner arrives at the same address, then flips a coin to order the two. Its own
 * lock model says who is enabled.
 * <p>This class parks and wakes the real threads; Schedule, under this class's lock, decides.
 */
public final class Scheduler implements Scheduling {
    private final Object m = new Object();
    private final Schedule schedule;

    public Scheduler(long seed, Set<String> raceSites, boolean postpone, Runnable onDeadlock) {
        this.schedule = new Schedule(seed, raceSites, postpone, onDeadlock);
    }

    /** The calling thread becomes the first program thread and holds the turn. */
    public void adoptCurrentThread() {
        synchronized (m) {
            schedule.adopt(Thread.currentThread());
        }
    }

    // ---- the hooks the runtime calls

    @Override
    public void point() {
        arrive(SchedThread.Op.STEP, null);
    }

    @Override
    public void access(int site, Object target, int slot, boolean write) {
        SchedThread me = me();
        if (me == null) {
            return;
        }
        synchronized (m) {
            me.site = site;
            me.target = target;
            me.slot = slot;
            me.write = write;
        }
        arrive(SchedThread.Op.ACCESS, me);
    }

    @Override
    public void acquire(Object lock, boolean exclusive) {
        SchedThread me = me();
        if (me == null) {
            return;
        }
        synchronized (m) {
            me.lock = lock;
            me.exclusive = exclusive;
        }
        arrive(SchedThread.Op.ACQUIRE, me);
    }

    @Override
    public boolean tryAcquire(Object lock, boolean exclusive) {
        SchedThread me = me();
        if (me == null) {
            return true;
        }
        synchronized (m) {
            if (!schedule.locks.canAcquire(me, lock, exclusive)) {
                return false;
            }
        }
        acquire(lock, exclusive);
        return true;
    }

    @Override
    public void release(Object lock, boolean exclusive) {
        SchedThread me = me();
        if (me != null) {
            synchronized (m) {
                schedule.locks.release(me, lock, exclusive);
            }
        }
    }

    @Override
    public void starting(Thread child) {
        synchronized (m) {
            schedule.roster.register(child);
        }
    }

    @Override
    public void join(Thread target, long millis) {
        SchedThread me = me();
        if (me == null) {
            return;
        }
        synchronized (m) {
            me.joinTarget = schedule.roster.get(target);
            me.timed = millis > 0;
        }
        arrive(me.joinTarget == null ? SchedThread.Op.STEP : SchedThread.Op.JOIN, me);
    }

    @Override
    public void sleep(long millis) throws InterruptedException {
        point();
        if (Thread.interrupted()) {
            throw new InterruptedException("sleep interrupted");
        }
    }

    @Override
    public void exit(int status) {
        schedule.aborted = true; // the program ends here: nobody else is scheduled
    }

    @Override
    public void threadEnd(Thread thread) {
        SchedThread next;
        synchronized (m) {
            next = schedule.end(thread);
        }
        wake(next);
    }

    @Override
    public void waitOn(Object monitor, long millis) throws InterruptedException {
        SchedThread me = me();
        SchedThread next;
        synchronized (m) {
            if (me == null || !schedule.locks.owns(me, monitor)) {
                next = me; // not ours to model: let the JVM decide (and throw)
            } else {
                me.realLock = null;
                me.condition = null;
                next = schedule.beginWait(me, monitor, monitor, millis > 0);
            }
        }
        if (next == me) {
            monitor.wait(millis);
            return;
        }
        wake(next);
        while (!me.granted && !schedule.aborted) {
            monitor.wait(20);
        }
        checkAbort();
    }

    @Override
    public void notifyWaiters(Object monitor, boolean all) {
        synchronized (m) {
            schedule.notifyWaiters(monitor, all);
        }
    }

    @Override
    public long await(Condition c, Lock lock, Object lockId, long nanos) throws InterruptedException {
        SchedThread me = me();
        if (me == null) {
            return nanos == 0 ? 1 : c.awaitNanos(nanos);
        }
        SchedThread next;
        synchronized (m) {
            me.realLock = lock;
            me.condition = c;
            next = schedule.beginWait(me, lockId, c, nanos > 0);
        }
        wake(next);
        while (!me.granted && !schedule.aborted) {
            c.await(20, TimeUnit.MILLISECONDS);
        }
        checkAbort();
        return me.notified ? Math.max(1, nanos) : 0;
    }

    @Override
    public void signal(Condition c, boolean all) {
        synchronized (m) {
            schedule.notifyWaiters(c, all);
        }
    }

    /**
     * The running thread is about to block where the scheduler cannot see (a latch, a barrier,
     * a queue inside the JDK): it lets another thread go now rather than waiting for the
     * watchdog, and rejoins at its next point.
     */
    @Override
    public void blocking() {
        SchedThread next;
        synchronized (m) {
            next = schedule.blocking(Thread.currentThread());
        }
        wake(next);
    }

    // ---- the protocol: arrive at a point, wait for the turn, wake the next thread

    private SchedThread me() {
        synchronized (m) {
            return schedule.find(Thread.currentThread());
        }
    }

    private void arrive(SchedThread.Op op, SchedThread known) {
        checkAbort(); // an abandoned trial unwinds at its next point (releases still go through)
        SchedThread me = known != null ? known : me();
        if (me == null) {
            return;
        }
        SchedThread next;
        synchronized (m) {
            next = schedule.arrive(me, op);
            if (next == me) {
                return;
            }
        }
        wake(next);
        awaitTurn(me);
    }

    /** Parks until granted; a thread granted before it decided decides now, and may park again. */
    private void awaitTurn(SchedThread me) {
        while (true) {
            while (!me.granted) {
                LockSupport.park(this);
                checkAbort();
            }
            SchedThread next;
            synchronized (m) {
                next = schedule.granted(me);
                if (next == me) {
                    return;
                }
            }
            wake(next);
        }
    }

    /** Wakes the thread given the turn (null: none), unless it is the calling one. */
    private static void wake(SchedThread next) {
        if (next != null && next.thread != Thread.currentThread()) {
            next.wake();
        }
    }

    private void checkAbort() {
        if (schedule.aborted && Thread.currentThread() != null) {
            throw new Abort();
        }
    }

    // ---- the watchdog, and what a trial reports

    /** Called periodically by the watchdog with the steps it saw last time: lets a stalled thread go. */
    public void watchdogTick(long lastSteps) {
        SchedThread next;
        synchronized (m) {
            next = schedule.tick(lastSteps);
        }
        wake(next);
    }

    public long steps() {
        return schedule.steps;
    }

    @Override
    public long turns() {
        synchronized (m) {
            return schedule.turns;
        }
    }

    public int watchdogFirings() {
        synchronized (m) {
            return schedule.watchdogFirings;
        }
    }

    public String digest() {
        synchronized (m) {
            return schedule.choices().digest();
        }
    }

    public List<RaceRecord> races() {
        synchronized (m) {
            return schedule.races().races();
        }
    }

    /** RaceFuzzer's invariant (tests check it): no two postponed threads form a race of the pair. */
    public boolean postponedRaceFree() {
        synchronized (m) {
            return schedule.fuzzer().postponedRaceFree();
        }
    }

    public String deadlock() {
        return schedule.deadlock;
    }

    public boolean aborted() {
        return schedule.aborted;
    }

    /** Ends the trial: every parked program thread wakes and unwinds with {@link Abort}. */
    @Override
    public void abort() {
        schedule.aborted = true;
        List<SchedThread> all;
        synchronized (m) {
            all = new ArrayList<>(schedule.roster.all());
        }
        for (SchedThread t : all) {
            LockSupport.unpark(t.thread);
        }
    }
}
