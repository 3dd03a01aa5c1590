package racepipe.dynamic.sched;

import java.util.ArrayList;
import java.util.List;
import racepipe.dynamic.explore.Act.Kind;
import racepipe.dynamic.runtime.Carriers;
import racepipe.dynamic.sched.SchedThread.Op;
import racepipe.dynamic.sched.SchedThread.State;

/**
 * Passing the turn: which thread holds it, who may take it next, what each waits for. The
 * choices themselves are the {@link Policy}'s (RaceFuzzer or random); the watchdog's judgement
 * is {@link Stalls}'; this class applies both. Every method is called under the scheduler's lock;
 * each decides and returns the thread to wake, and the Scheduler parks and wakes the real threads.
 * <p>What makes a schedule a function of the seed: a thread changes what the schedule sees only
 * while it holds the turn; a thread outside the turn (new, let go, ended on its own) counts as at
 * a point until it is picked, so when it physically arrives or ends changes no decision.
 */
final class Schedule {
    final Roster roster = new Roster();
    final LockModel locks = new LockModel();
    private final Choices choices;
    private final RaceLog races;
    final Policy policy; // read by Scheduler for its trial figures (RaceFuzzer's)
    private final Runnable onAbort;
    volatile SchedThread current;  // holds the turn (GRANTED or RUNNING); null: nobody
    long turns;                    // hand-overs: a deterministic clock of the schedule
    int watchdogFirings;
    private final List<String> rescues = new ArrayList<>();
    volatile String deadlock;
    volatile boolean aborted;
    /** RaceFuzzer stopped steering: accesses are no points any more (read without the lock). */
    volatile boolean accessesQuiet;
    /** -Dracepipe.cut=false runs a trial to its end all the same (scripts/perf measures both). */
    private static final boolean CUT = !"false".equals(System.getProperty("racepipe.cut"));
    /** Why the trial was cut short (steering stopped with no race: the rest could not race the pair); null: not cut. */
    volatile String cut;
    /**
     * Steering stopped after races of the pair: the trial has what it came for, and the rest of
     * it runs as the JVM schedules it (no turn any more), at the cost of a plain run. Read
     * without the lock. -Dracepipe.release=false keeps the rest one thread at a time.
     */
    volatile boolean released;
    private static final boolean RELEASE = !"false".equals(System.getProperty("racepipe.release"));

    Schedule(Strategy strategy, Runnable onAbort) {
        this.choices = new Choices(strategy.seed);
        this.races = new RaceLog(strategy.sites);
        this.policy = strategy.policy(new Strategy.Parts(races, roster, choices, locks, this::cutShort, () -> aborted,
                () -> deadlock));
        this.onAbort = onAbort;
    }

    Choices choices() {
        return choices;
    }

    RaceLog races() {
        return races;
    }

    private void noteSteering() {
        if (!accessesQuiet && !policy.steering()) {
            accessesQuiet = true;
            if (CUT && races.count() == 0 && !aborted) {
                // no race so far, and none can be recorded from here on: the trial has nothing left to show
                cutShort(policy.stopped());
            } else if (RELEASE && races.count() > 0 && !aborted) {
                // the decision is a function of the schedule (the turn of the last race), so a
                // replay releases at the same turn; what the JVM does after it is its own
                released = true;
                choices.freeze();
                roster.unparkAll(); // parked ones go on outside any turn
            }
        }
    }

    /** The trial ends here, for a reason of the policy's: parked threads wake and unwind. */
    private void cutShort(String why) {
        if (aborted) {
            return;
        }
        cut = why;
        aborted = true;
        choices.freeze();
        if (onAbort != null) {
            onAbort.run();
        }
    }

    boolean exploring() {
        return policy.explores();
    }

    /** The holder did an operation between points (see Policy.did). */
    void did(SchedThread t, Kind kind, Object target, int slot) {
        policy.did(t, kind, target, slot);
    }

    /** The holder lets a lock go; the outermost release is an operation of its own. */
    void release(SchedThread me, Object lock, boolean exclusive) {
        locks.release(me, lock, exclusive);
        if (!locks.holders(lock).contains(me)) {
            did(me, exclusive ? Kind.RELEASE : Kind.SHARED_RELEASE, lock, 0);
        }
    }

    /** Why RaceFuzzer stopped steering (null: it did not, or no RaceFuzzer), for the trial's note. */
    String steeringStopped() {
        String why = policy.stopped();
        return why != null && released ? why + "; the rest ran as the JVM scheduled it" : why;
    }

    /** The watchdog's events, as logical facts: at which turn, which thread, why. */
    List<String> rescues() {
        return new ArrayList<>(rescues);
    }

    /** The thread becomes the first program thread and holds the turn; {@code runner}: the JVM thread that runs it. */
    void adopt(Thread thread, Thread runner) {
        SchedThread t = roster.register(thread);
        if (runner != thread) {
            roster.carry(runner, t);
        }
        t.state = State.RUNNING;
        current = t;
    }

    /** The calling program thread; registers one the scheduler did not see start (a pool's). */
    SchedThread find(Thread thread) {
        SchedThread t = roster.get(thread);
        if (t == null && !aborted) {
            t = roster.register(thread); // started where we could not see (a pool): it runs outside the turn
            t.state = State.DETACHED;
            t.op = Op.STEP;
        }
        return t;
    }

    boolean holds(SchedThread me) {
        return current == me;
    }

    /**
     * me arrives at a point to do op. Returns me when it holds the turn and runs on; otherwise
     * it parks, and the returned thread (null: none) is to be woken.
     */
    SchedThread arrive(SchedThread me, Op op) {
        me.progress++;
        if (current == null && !aborted) {
            // nobody holds the turn (nobody else could run): it takes it, as the one choice there
            // is, the same choice the schedule makes when it finds the thread already arrived
            choices.choose(1);
            handTo(me, me);
        }
        if (current == me) {
            me.op = op;
            return decide(me);
        }
        // it ran outside the turn (let go, or unknown): it counts as it did until granted, then decides
        me.pendingOp = op;
        me.before = me.state == State.IDLE ? State.DETACHED : me.state;
        me.state = State.ARRIVED;
        return null;
    }

    /**
     * me, parked, was granted the turn and has resumed. One that arrived outside the turn makes
     * its decision now, as if it had arrived with the turn. Returns me when it runs on; otherwise
     * it parks again, and the returned thread (null: none) is to be woken.
     */
    SchedThread resume(SchedThread me) {
        me.state = State.RUNNING;
        me.doing = SchedThread.Doing.PROGRAM;
        me.wokenFrom = null;
        me.progress++;
        if (me.pendingOp == null) {
            return me;
        }
        me.op = me.pendingOp;
        me.pendingOp = null;
        me.before = null;
        return decide(me);
    }

    /** The holder is at its point: the policy may let it go on, else a thread is picked. */
    private SchedThread decide(SchedThread me) {
        me.state = State.PARKED;
        me.doing = SchedThread.Doing.PROGRAM;
        boolean keeps = policy.keepsTurn(me, turns);
        noteSteering();
        if (keeps) {
            handTo(me, me);
            return me;
        }
        return passTurn(me, null);
    }

    /** The thread has ended; returns who gets the turn (null: none, or it did not hold it). */
    SchedThread end(Thread thread) {
        SchedThread me = roster.get(thread);
        if (me == null) {
            return null;
        }
        me.progress++;
        if (me.state.free() && current != me) {
            me.state = State.EXITED; // ended outside the turn: it ends in the schedule when it gets the turn
            me.before = State.DETACHED;
            return current == null ? passTurn(null, null) : null;
        }
        me.state = State.ENDED;
        did(me, Kind.END, null, me.index);
        if (current != me && current != null) {
            return null;
        }
        current = null;
        return passTurn(null, null);
    }

    /** The holder drops the monitor (or Condition's lock) in the model and waits; the caller then really waits. */
    SchedThread beginWait(SchedThread me, Object lockId, Object waitObject, boolean timed) {
        me.progress++;
        me.holds = Math.max(1, locks.releaseAll(me, lockId));
        did(me, Kind.RELEASE, lockId, 0);
        me.lock = lockId;
        me.exclusive = true;
        me.waitObject = waitObject;
        me.notified = false;
        me.timed = timed;
        me.op = Op.WAIT;
        me.state = State.PARKED;
        return passTurn(null, null);
    }

    /** notify / signal by the holder: one waiter of the object (chosen by the seed) or all are notified. */
    void notifyWaiters(Object waitObject, boolean all) {
        List<SchedThread> waiting = new ArrayList<>();
        for (SchedThread t : roster.all()) {
            if (t.op == Op.WAIT && t.state == State.PARKED && t.waitObject == waitObject && !t.notified) {
                waiting.add(t);
            }
        }
        if (waiting.isEmpty()) {
            return;
        }
        if (all) {
            waiting.forEach(t -> t.notified = true);
        } else {
            if (waiting.size() > 1) {
                policy.notChoice("notify() or signal() woke one of " + waiting.size() + " waiters: which one is not a choice");
            }
            waiting.get(choices.choose(waiting.size())).notified = true;
        }
    }

    /**
     * The holder is about to block in a JDK call on {@code sync} until others act (a barrier's
     * party that does not trip it): it leaves the turn, and counts as at a point again once
     * {@code back} holds. Returns the thread that gets the turn (null: none).
     */
    SchedThread leave(SchedThread me, Object sync, java.util.function.BooleanSupplier back) {
        me.progress++;
        did(me, Kind.SYNC, sync, 0);
        me.state = back == null ? State.DETACHED : State.LEFT;
        me.op = back == null ? Op.STEP : Op.SYNC;
        me.ready = back;
        me.syncObject = sync;
        me.timed = false;
        return passTurn(null, me);
    }

    /**
     * The watchdog's event: the holder is stuck where the scheduler cannot see ({@code why}); it
     * is let go, and another thread gets the turn. It counts as at a point (DETACHED: picked
     * when no other thread can run), unless there is nothing it could come back for: a pool's
     * thread between tasks, or one let go before that was picked and found stuck again without
     * having moved (IDLE: it joins again when it arrives). The event is part of the schedule:
     * counted, listed and mixed into the digest. Returns the thread to wake (null: none).
     */
    SchedThread rescue(SchedThread c, String why) {
        if (c != current || c.state != State.RUNNING || aborted) {
            return null;
        }
        watchdogFirings++;
        rescues.add("turn " + turns + ": " + c.name() + " " + why);
        choices.mix(-1 - c.index);
        boolean idle = c.doing == SchedThread.Doing.POOL || c.progress == c.rescuedAt;
        if (c.doing != SchedThread.Doing.POOL) {
            policy.lostControl(c.name() + " " + why); // a pool's thread between tasks is no loss
        }
        c.state = idle ? State.IDLE : State.DETACHED;
        c.rescuedAt = c.progress;
        c.op = Op.STEP;
        c.ready = null;
        return passTurn(null, c);
    }

    /**
     * The watchdog found that nobody holds the turn while a thread could run: something outside
     * the turn (a thread the scheduler does not know, the JDK) made it ready. The turn goes on,
     * and the schedule records the event as it does a rescue. Returns the thread to wake.
     */
    SchedThread restart() {
        if (current != null || aborted || candidates(null, false).isEmpty()) {
            return null;
        }
        watchdogFirings++;
        rescues.add("turn " + turns + ": nobody held the turn and a thread could run again");
        policy.lostControl("a thread became ready outside the scheduler's view");
        choices.mix(-1);
        return passTurn(null, null);
    }

    /** Nobody holds the turn while a thread could take it (the watchdog looks twice before it restarts). */
    boolean idleWithCandidates() {
        return current == null && !aborted && !candidates(null, false).isEmpty();
    }

    /** The holder goes back to its pool after a task: the watchdog takes it for stuck as soon as it waits. */
    void taskEnded(SchedThread me) {
        if (current == me && me.state == State.RUNNING) {
            me.doing = SchedThread.Doing.POOL;
        }
    }

    /** Picks who runs next ({@code self}: the caller, at its point; {@code excluded}: not this time) and gives it the turn. */
    private SchedThread passTurn(SchedThread self, SchedThread excluded) {
        while (true) {
            SchedThread next = pick(excluded);
            noteSteering();
            handTo(next, self);
            if (next == null || next.state != State.ENDED) {
                return next;
            }
            // it had ended outside the turn: it ends now, and the turn goes on
        }
    }

    /**
     * The next thread to run, by the policy: among the threads ready at a point first; when only
     * postponed ones are left, among the threads let go (DETACHED: each may be the partner they
     * wait for); then the policy releases a postponed one; and when nothing else can happen, a
     * bounded JDK wait may time out. Null, with a deadlock declared when its evidence is there,
     * when nobody can run.
     */
    private SchedThread pick(SchedThread excluded) {
        List<SchedThread> ready = new ArrayList<>();
        List<SchedThread> away = new ArrayList<>();
        boolean unpostponed = false;
        for (SchedThread t : roster.all()) {
            if (t != excluded && t.state.candidate() && enabled(t, false)) {
                if (isAway(t) && !(exploring() && t.state == State.ARRIVED)) { // exploring: one parked at its point is ready
                    away.add(t);
                } else {
                    ready.add(t);
                    unpostponed |= t.state != State.POSTPONED;
                }
            }
        }
        SchedThread next = policy.choose(!unpostponed && !away.isEmpty() ? away : ready, turns);
        if (next == null) {
            next = policy.choose(candidates(excluded, true), turns); // nothing else can happen: a bounded JDK wait times out
        }
        if (next == null && !aborted) {
            String evidence = Deadlocks.evidence(roster.all(), locks);
            if (evidence != null) {
                declareDeadlock(evidence);
            }
        }
        return next;
    }

    /** Let go, not parked by the schedule: picked only when nothing else is ready. */
    private static boolean isAway(SchedThread t) {
        State s = t.state == State.ARRIVED ? t.before : t.state;
        return s == State.DETACHED || s == State.EXITED;
    }

    private List<SchedThread> candidates(SchedThread excluded, boolean timeOut) {
        List<SchedThread> out = new ArrayList<>();
        for (SchedThread t : roster.all()) {
            if (t != excluded && t.state.candidate() && enabled(t, timeOut)) {
                out.add(t);
            }
        }
        return out;
    }

    private boolean enabled(SchedThread t, boolean timeOut) {
        if (t.state == State.EXITED) {
            return true;
        }
        return switch (t.op) {
            case ACQUIRE -> locks.canAcquire(t, t.lock, t.exclusive);
            case WAIT -> (t.notified || t.timed) && locks.canAcquire(t, t.lock, true);
            case JOIN -> t.timed || t.joinTarget.state == State.ENDED;
            case SYNC -> (timeOut && t.timed) || t.ready == null || t.ready.getAsBoolean();
            default -> true;
        };
    }

    /** Gives the turn to next (null: nobody can run now), committing its operation in the model. */
    private void handTo(SchedThread next, SchedThread self) {
        current = next;
        if (next == null) {
            return;
        }
        turns++;
        choices.mix(next.index + 16);
        if (next.state == State.EXITED) {
            next.state = State.ENDED;
            current = null;
            return;
        }
        if (next.state.parked() && next.pendingOp == null) {
            if (next.op == Op.ACQUIRE) {
                if (!locks.owns(next, next.lock)) {
                    next.heldAt.put(next.lock, next.acquireSite);
                }
                locks.acquire(next, next.lock, next.exclusive, 1);
            } else if (next.op == Op.WAIT) {
                locks.acquire(next, next.lock, true, next.holds);
                next.wokenFrom = next.waitObject;
                next.waitObject = null;
            }
        }
        if (next.op != Op.WAIT || !next.state.parked()) {
            next.wokenFrom = null;
        }
        if (next.state == State.NEW) {
            start(next);
        }
        if (next == self || next.state.free()) {
            // it is here, or runs outside the turn: it holds the turn from now on. One let go into
            // a JDK call that has returned is on its way to its next point: nothing to watch.
            next.doing = next.state == State.LEFT ? SchedThread.Doing.SETTLING
                    : next.state == State.DETACHED ? SchedThread.Doing.RETURNING : SchedThread.Doing.PROGRAM;
            next.state = State.RUNNING;
        } else {
            next.state = State.GRANTED;
        }
    }

    /**
     * A thread its parent started is started now, with the turn: it runs no code outside the
     * turn. Exploring, a carrier runs it (its first hook finds it by the carrier).
     */
    private void start(SchedThread t) {
        if (Carriers.ENABLED && exploring() && Carriers.carriable(t.thread)) {
            Thread carrier = Carriers.take();
            roster.carry(carrier, t);
            Carriers.run(carrier, t.thread);
            return;
        }
        try {
            t.thread.start();
        } catch (IllegalThreadStateException e) {
            // started meanwhile by the JVM's own code: it runs already
        }
    }

    private void declareDeadlock(String evidence) {
        deadlock = evidence;
        policy.deadlocked();
        aborted = true;
        choices.freeze();
        if (onAbort != null) {
            onAbort.run();
        }
    }
}
