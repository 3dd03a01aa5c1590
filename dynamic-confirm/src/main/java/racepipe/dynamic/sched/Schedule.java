package racepipe.dynamic.sched;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The scheduler's state machine: which thread holds the turn, who may take it next, what each
 * waits for. Every method is called under the scheduler's lock; each decides and returns the
 * thread to wake, and the Scheduler parks and wakes the real threads.
 */
final class Schedule {
    /** Ticks a thread may run without reaching a point before it counts as spinning. */
    private static final int SPIN_TICKS = 25;

    final Roster roster = new Roster();
    final LockModel locks = new LockModel();
    private final Choices choices;
    private final RaceLog races;
    private final RaceFuzzer fuzzer;
    private final Runnable onDeadlock;
    volatile SchedThread current;
    volatile long steps;           // arrivals at points: the watchdog's sign of progress
    long turns;                    // hand-overs: a deterministic clock of the schedule
    int watchdogFirings;
    private int stalledTicks;
    volatile String deadlock;
    volatile boolean aborted;

    Schedule(long seed, Set<String> raceSites, boolean postpone, Runnable onDeadlock) {
        this.choices = new Choices(seed);
        this.races = new RaceLog(raceSites);
        this.fuzzer = new RaceFuzzer(races, postpone, roster, choices);
        this.onDeadlock = onDeadlock;
    }

    Choices choices() {
        return choices;
    }

    RaceLog races() {
        return races;
    }

    RaceFuzzer fuzzer() {
        return fuzzer;
    }

    /** The thread becomes the first program thread and holds the turn. */
    void adopt(Thread thread) {
        SchedThread t = roster.register(thread);
        t.atPoint = false;
        t.granted = true;
        current = t;
    }

    /** The calling program thread; registers one the scheduler did not see start (a pool's). */
    SchedThread find(Thread thread) {
        SchedThread t = roster.get(thread);
        if (t == null && current != null) {
            t = roster.register(thread); // started where we could not see (a pool)
        }
        return t;
    }

    /**
     * me arrives at a point to do op. Returns me when it keeps the turn; otherwise it parks, and
     * the returned thread (null: none) is to be woken.
     */
    SchedThread arrive(SchedThread me, SchedThread.Op op) {
        me.atPoint = true;
        me.detached = false;
        steps++;
        me.granted = false;
        if (current == me || current == null) {
            me.op = op;
            return decide(me);
        }
        // it arrived while another thread ran (a new thread, or one the watchdog let go):
        // it counts as it was until granted, then decides as if it had arrived then
        me.pendingOp = op;
        me.undecided = true;
        if (me.op != SchedThread.Op.START) {
            me.op = SchedThread.Op.STEP;
        }
        return null;
    }

    /**
     * me was granted the turn. One granted before it made its own decision (it arrived while
     * another thread ran) makes it now, as if it had arrived with the turn: the schedule must
     * not depend on how fast a new thread reaches its first point. Returns me when it runs on;
     * otherwise it parks again, and the returned thread (null: none) is to be woken.
     */
    SchedThread granted(SchedThread me) {
        if (!me.undecided) {
            return me;
        }
        me.undecided = false;
        me.op = me.pendingOp;
        me.atPoint = true;
        me.granted = false;
        current = me;
        return decide(me);
    }

    /** The current thread is at its point: race, postpone or pick someone. Returns who runs. */
    private SchedThread decide(SchedThread me) {
        if (fuzzer.goesFirst(me, turns)) {
            handTo(me, me);
            return me;
        }
        SchedThread next = pick(me);
        handTo(next, me);
        return next;
    }

    /** The thread has ended; returns who gets the turn it held (null: none, or it held none). */
    SchedThread end(Thread thread) {
        SchedThread me = roster.get(thread);
        if (me == null) {
            return null;
        }
        me.op = SchedThread.Op.ENDED;
        me.atPoint = false;
        if (current != me && current != null) {
            return null;
        }
        SchedThread next = pick(me);
        handTo(next, me);
        return next;
    }

    /** Drops the lock in the model and hands the turn on; the caller then really waits. */
    SchedThread beginWait(SchedThread me, Object lockId, Object waitObject, boolean timed) {
        me.holds = Math.max(1, locks.releaseAll(me, lockId));
        me.lock = lockId;
        me.exclusive = true;
        me.waitObject = waitObject;
        me.notified = false;
        me.timed = timed;
        me.op = SchedThread.Op.WAIT;
        me.atPoint = true;
        me.granted = false;
        SchedThread next = pick(me);
        handTo(next, me);
        return next;
    }

    /** notify / signal: one waiter of the object (chosen by the seed) or all are notified. */
    void notifyWaiters(Object waitObject, boolean all) {
        List<SchedThread> waiting = new ArrayList<>();
        for (SchedThread t : roster.all()) {
            if (t.op == SchedThread.Op.WAIT && t.waitObject == waitObject && !t.notified) {
                waiting.add(t);
            }
        }
        if (waiting.isEmpty()) {
            return;
        }
        if (all) {
            waiting.forEach(t -> t.notified = true);
        } else {
            waiting.get(choices.choose(waiting.size())).notified = true;
        }
    }

    /**
     * The running thread is about to block where the scheduler cannot see: it is let go, and
     * the returned thread (null: none) gets the turn. Null too when the thread does not hold it.
     */
    SchedThread blocking(Thread thread) {
        SchedThread me = roster.get(thread);
        if (me == null || current != me || aborted) {
            return null;
        }
        return detach(me);
    }

    /**
     * A watchdog tick: if the running thread made no step since {@code lastSteps} and is blocked
     * where we cannot see (or has been running without a point for many ticks: a spin), it is
     * let go. Returns the thread that gets the turn, or null.
     */
    SchedThread tick(long lastSteps) {
        SchedThread c = current;
        if (c == null || c.atPoint || steps != lastSteps || aborted) {
            stalledTicks = 0;
            return null;
        }
        Thread.State st = c.thread.getState();
        if (st == Thread.State.RUNNABLE && ++stalledTicks < SPIN_TICKS) {
            return null;
        }
        stalledTicks = 0;
        watchdogFirings++;
        return detach(c);
    }

    /** c runs free (it rejoins at its next point); another thread gets the turn. */
    private SchedThread detach(SchedThread c) {
        c.detached = true;
        SchedThread next = pick(null);
        handTo(next, c);
        return next;
    }

    private SchedThread pick(SchedThread me) {
        fuzzer.releaseOverdue(turns);
        for (SchedThread f; (f = fuzzer.nextForced()) != null; ) {
            if (f.atPoint && enabled(f)) {
                return f;
            }
        }
        List<SchedThread> free = new ArrayList<>();
        List<SchedThread> held = new ArrayList<>();
        boolean someoneElseLive = false;
        for (SchedThread t : roster.all()) {
            if (t.op == SchedThread.Op.ENDED) {
                continue;
            }
            if (t.detached || !t.atPoint) {
                someoneElseLive |= t != me;
                continue;
            }
            if (enabled(t)) {
                (t.postponed ? held : free).add(t);
            }
        }
        if (free.isEmpty() && !held.isEmpty()) {
            SchedThread released = held.get(choices.choose(held.size()));
            released.postponed = false; // every enabled thread is postponed: release one at random
            return released;
        }
        if (free.isEmpty()) {
            if (!someoneElseLive && !aborted && hasLiveThread()) {
                declareDeadlock();
            }
            return null;
        }
        return free.get(choices.choose(free.size()));
    }

    private boolean hasLiveThread() {
        for (SchedThread t : roster.all()) {
            if (t.op != SchedThread.Op.ENDED) {
                return true;
            }
        }
        return false;
    }

    private boolean enabled(SchedThread t) {
        return switch (t.op) {
            case ACQUIRE -> locks.canAcquire(t, t.lock, t.exclusive);
            case WAIT -> (t.notified || t.timed) && locks.canAcquire(t, t.lock, true);
            case JOIN -> t.timed || t.joinTarget.op == SchedThread.Op.ENDED;
            case ENDED -> false;
            default -> true;
        };
    }

    /** Gives the turn to next (null: nobody can run now), committing its operation in the model. */
    private void handTo(SchedThread next, SchedThread from) {
        current = next;
        if (next == null) {
            return;
        }
        if (next.op == SchedThread.Op.ACQUIRE) {
            locks.acquire(next, next.lock, next.exclusive, 1);
        } else if (next.op == SchedThread.Op.WAIT) {
            locks.acquire(next, next.lock, true, next.holds);
            next.wokenFrom = next.waitObject;
            next.waitObject = null;
        } else {
            next.wokenFrom = null;
        }
        next.atPoint = false;
        next.postponed = false;
        turns++;
        choices.mix(next.index + 16);
        next.granted = true;
    }

    private void declareDeadlock() {
        deadlock = Stacks.deadlock(roster.all());
        aborted = true;
        if (onDeadlock != null) {
            onDeadlock.run();
        }
    }
}
