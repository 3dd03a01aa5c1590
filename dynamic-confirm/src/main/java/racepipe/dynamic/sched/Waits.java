package racepipe.dynamic.sched;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import racepipe.dynamic.sched.SchedThread.State;

/**
 * The scheduler's wait and notify, of monitors and of Conditions: a waiter leaves the turn and
 * its lock in the schedule's model, and comes back when the schedule grants it (notified, or a
 * timed wait's time let run out); which waiters a notify wakes is the schedule's. Apart from
 * {@link Scheduler}, which passes the turn.
 */
final class Waits {
    private final Scheduler s;
    private final Schedule schedule;

    Waits(Scheduler s) {
        this.s = s;
        this.schedule = s.schedule;
    }

    void waitOn(Object monitor, long millis) throws InterruptedException {
        if (s.released()) {
            monitor.wait(millis);
            return;
        }
        SchedThread me = s.me();
        if (me != null && !schedule.aborted) {
            s.holdTurn(me);
        }
        SchedThread next;
        synchronized (s.m) {
            if (me == null || !schedule.locks.owns(me, monitor)) {
                next = null;
                me = null; // not ours to model: let the JVM decide (and throw)
            } else {
                me.realLock = null;
                me.condition = null;
                next = schedule.beginWait(me, monitor, monitor, millis > 0);
            }
        }
        if (me == null) {
            monitor.wait(millis);
            return;
        }
        Scheduler.wake(next);
        while (me.state != State.GRANTED && !schedule.aborted && !schedule.released) {
            monitor.wait(20);
        }
        s.checkAbort();
        if (s.released()) {
            return; // let go while waiting: a spurious wake-up, which every wait loop allows
        }
        s.resumeAfterWait(me);
    }

    void notifyWaiters(Object monitor, boolean all) {
        if (s.released()) {
            if (all) {
                monitor.notifyAll();
            } else {
                monitor.notify();
            }
            return;
        }
        wakeWaiters(monitor, all);
    }

    /** notify or signal: the schedule picks the waiters to wake (the caller holds the turn for it). */
    private void wakeWaiters(Object waitObject, boolean all) {
        SchedThread me = s.me();
        if (me != null && !schedule.aborted) {
            s.holdTurn(me);
        }
        synchronized (s.m) {
            schedule.notifyWaiters(waitObject, all);
        }
    }

    long await(Condition c, Lock lock, Object lockId, long nanos) throws InterruptedException {
        if (s.released()) {
            if (nanos == 0) {
                c.await();
                return 1;
            }
            return c.awaitNanos(nanos);
        }
        SchedThread me = s.me();
        if (me == null) {
            return nanos == 0 ? 1 : c.awaitNanos(nanos);
        }
        if (!schedule.aborted) {
            s.holdTurn(me);
        }
        SchedThread next;
        synchronized (s.m) {
            me.realLock = lock;
            me.condition = c;
            next = schedule.beginWait(me, lockId, c, nanos > 0);
        }
        Scheduler.wake(next);
        while (me.state != State.GRANTED && !schedule.aborted && !schedule.released) {
            c.await(20, TimeUnit.MILLISECONDS);
        }
        s.checkAbort();
        if (s.released()) {
            return Math.max(1, nanos); // let go while waiting: a spurious wake-up
        }
        s.resumeAfterWait(me);
        return me.notified ? Math.max(1, nanos) : 0;
    }

    void signal(Condition c, boolean all) {
        if (s.released()) {
            if (all) {
                c.signalAll();
            } else {
                c.signal();
            }
            return;
        }
        wakeWaiters(c, all);
    }
}
