package racepipe.dynamic.sched;

import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import racepipe.dynamic.explore.Act.Kind;
import racepipe.dynamic.runtime.Abort;
import racepipe.dynamic.runtime.Scheduling;
import racepipe.dynamic.sched.SchedThread.Op;
import racepipe.dynamic.sched.SchedThread.State;

/**
 * Runs the program's threads one at a time; every choice comes from one seeded RNG, so a seed
 * gives one schedule. Without race sites it picks a random enabled thread at every scheduling
 * point (the random scheduler); with them it is RaceFuzzer (Sen, "Race Directed Random Testing
 * of Concurrent Programs", PLDI 2008): it postpones a thread one step before a racing access
 * until a partner arrives at the same address, then flips a coin to order the two. Its own
 * lock model says who is enabled.
 * <p>This class parks and wakes the real threads; Schedule, under this class's lock, passes the
 * turn, its Policy chooses, and Stalls judges for the watchdog whether the holder is stuck;
 * Waits does wait and notify, PoolStarts (exploring) waits for a pool's thread to arrive.
 */
public final class Scheduler implements Scheduling {
    final Object m = new Object();
    final Schedule schedule;
    private final Stalls stalls = new Stalls(m);
    private final PoolStarts pools;
    private final Waits waits;
    private int idleLooks;

    /** RaceFuzzer on raceSites (postpone), else the random scheduler (noting meetings before raceSites, if any). */
    public Scheduler(long seed, Set<String> raceSites, boolean postpone, Runnable onDeadlock) {
        this(postpone ? Strategy.raceFuzzer(seed, raceSites) : Strategy.random(seed, raceSites), onDeadlock);
    }

    public Scheduler(Strategy strategy, Runnable onAbort) {
        this.schedule = new Schedule(strategy, onAbort);
        this.pools = new PoolStarts(m, schedule);
        this.waits = new Waits(this);
    }

    /** The calling thread becomes the first program thread and holds the turn. */
    public void adoptCurrentThread() {
        synchronized (m) {
            schedule.adopt(racepipe.dynamic.runtime.Carriers.current(), Thread.currentThread()); // a carrier may run it
        }
    }

    // ---- the hooks the runtime calls

    @Override
    public void point() {
        if (released()) {
            return;
        }
        arrive(Op.STEP, null);
    }

    /**
     * The schedule let the program go (RaceFuzzer stopped steering after races of the pair): every
     * hook does what the JVM would, as for a thread the scheduler does not know.
     */
    @Override
    public boolean released() {
        return schedule.released && !schedule.aborted;
    }

    @Override
    public void access(int site, Object target, int slot, boolean write) {
        accessRange(site, target, slot, slot + 1, write);
    }

    @Override
    public void volatileAccess(int site, Object target, int slot, boolean write) {
        if (!schedule.exploring()) {
            point(); // RaceFuzzer and the random scheduler: a plain point, as always
            return;
        }
        access(site, target, slot, slot + 1, write, true);
    }

    @Override
    public void atomicOperation(int site, Object target, int slot, int kind, long invocation) {
        if (released()) {
            return;
        }
        SchedThread me = me();
        if (me == null) {
            return;
        }
        synchronized (m) {
            me.atomic = true;
            me.site = site;
            me.target = target;
            me.slot = slot;
            me.atomicKind = kind;
            me.invocation = invocation;
        }
        try {
            arrive(Op.STEP, me);
        } finally {
            synchronized (m) {
                me.atomic = false;
            }
        }
    }

    @Override
    public void atomic(Object target, int slot, boolean write, int site) {
        if (schedule.exploring() && !released()) {
            access(site, target, slot, slot + 1, write, true); // volatile: ordered, never a data race
        }
    }

    @Override
    public void atomicFailed() {
        if (!schedule.exploring() || released()) {
            return;
        }
        SchedThread me = me();
        if (me != null) {
            synchronized (m) {
                if (schedule.holds(me)) {
                    schedule.policy.updateFailed(me);
                }
            }
        }
    }

    @Override
    public void syncEdge(Object sync, boolean release) {
        if (!schedule.exploring() || released()) {
            return;
        }
        SchedThread me = me();
        if (me != null) {
            synchronized (m) {
                if (schedule.holds(me)) {
                    schedule.did(me, release ? Kind.SYNC_RELEASE : Kind.SYNC_ACQUIRE, sync, 0);
                }
            }
        }
    }

    @Override
    public void accessRange(int site, Object target, int from, int to, boolean write) {
        access(site, target, from, to, write, false);
    }

    private void access(int site, Object target, int from, int to, boolean write, boolean isVolatile) {
        if (schedule.accessesQuiet && !schedule.aborted) {
            return; // RaceFuzzer stopped steering: an access is no point
        }
        SchedThread me = me();
        if (me == null) {
            return;
        }
        synchronized (m) {
            me.site = site;
            me.target = target;
            me.slot = from;
            me.slotEnd = to;
            me.write = write;
            me.volatileAccess = isVolatile;
        }
        arrive(Op.ACCESS, me);
    }

    @Override
    public void acquire(Object lock, boolean exclusive) {
        if (released()) {
            return;
        }
        SchedThread me = me();
        if (me == null) {
            return;
        }
        int site = racepipe.dynamic.runtime.AcquireSites.peek();
        synchronized (m) {
            me.lock = lock;
            me.exclusive = exclusive;
            me.acquireSite = site;
        }
        arrive(Op.ACQUIRE, me);
    }

    @Override
    public boolean tryAcquire(Object lock, boolean exclusive) {
        if (released()) {
            return true;
        }
        SchedThread me = me();
        if (me == null) {
            return true;
        }
        if (schedule.exploring()) {
            synchronized (m) {
                me.lock = lock;
                me.exclusive = exclusive;
            }
            arrive(Op.TRY, me); // whether it gets the lock depends on the order: a choice to explore
        } else {
            holdTurn(me);
        }
        synchronized (m) {
            if (!schedule.locks.canAcquire(me, lock, exclusive)) {
                return false;
            }
            boolean reentrant = schedule.locks.holders(lock).contains(me);
            schedule.locks.acquire(me, lock, exclusive, 1);
            if (!reentrant) {
                schedule.did(me, exclusive ? Kind.ACQUIRE : Kind.SHARED_ACQUIRE, lock, 0);
            }
            me.progress++;
        }
        return true;
    }

    @Override
    public void release(Object lock, boolean exclusive) {
        if (released()) {
            return;
        }
        SchedThread me = me();
        if (me != null) {
            if (!schedule.aborted) {
                holdTurn(me);
            }
            synchronized (m) {
                schedule.release(me, lock, exclusive);
                me.progress++;
            }
        }
    }

    @Override
    public boolean starting(Thread child) {
        if (released()) {
            return false;
        }
        SchedThread me = me();
        if (me == null || schedule.aborted || child.getState() != Thread.State.NEW) {
            return false; // not ours, or the JVM throws (started twice)
        }
        holdTurn(me);
        synchronized (m) {
            if (schedule.roster.get(child) != null) {
                throw new IllegalThreadStateException("started twice"); // as Thread.start says
            }
            SchedThread c = schedule.roster.register(child);
            schedule.did(me, Kind.START, child, c.index);
            me.progress++;
        }
        return true;
    }

    @Override
    public boolean join(Thread target, long millis) {
        if (released()) {
            return true;
        }
        SchedThread me = me();
        if (me == null) {
            return true;
        }
        SchedThread t;
        synchronized (m) {
            t = schedule.roster.get(target);
            me.joinTarget = t;
            me.timed = millis > 0;
        }
        arrive(t == null ? Op.STEP : Op.JOIN, me);
        if (t == null) {
            return true; // a thread the scheduler never saw: the JVM joins it
        }
        if (t.state != State.ENDED) {
            return false; // timed, and the schedule let the time run out
        }
        expect(() -> !target.isAlive()); // it ended in the schedule; its JVM thread is finishing
        return true;
    }

    @Override
    public void taskSubmitted(java.util.function.Supplier<Thread> runner) {
        SchedThread me = released() ? null : me(); // any schedule: a pool's new thread joins at a known turn
        if (me != null) {
            PoolStarts.submitted(me, runner);
        }
    }

    @Override
    public void yieldPoint() {
        if (released()) {
            return;
        }
        arrive(schedule.exploring() ? Op.YIELD : Op.STEP, null); // exploring: it lets others run first
    }

    @Override
    public void sleep(long millis) throws InterruptedException {
        if (released()) {
            Thread.sleep(millis);
            return;
        }
        yieldPoint();
        if (Thread.interrupted()) {
            throw new InterruptedException("sleep interrupted");
        }
    }

    @Override
    public void exit(int status) {
        schedule.aborted = true; // the program ends here: nobody else is scheduled
        schedule.choices().freeze();
    }

    @Override
    public void threadEnd(Thread thread) {
        if (released()) {
            return;
        }
        SchedThread next;
        synchronized (m) {
            next = schedule.end(thread);
        }
        wake(next);
    }

    @Override
    public void waitOn(Object monitor, long millis) throws InterruptedException {
        waits.waitOn(monitor, millis);
    }

    @Override
    public void notifyWaiters(Object monitor, boolean all) {
        waits.notifyWaiters(monitor, all);
    }

    @Override
    public long await(Condition c, Lock lock, Object lockId, long nanos) throws InterruptedException {
        return waits.await(c, lock, lockId, nanos);
    }

    @Override
    public void signal(Condition c, boolean all) {
        waits.signal(c, all);
    }

    @Override
    public boolean awaitReady(Object sync, BooleanSupplier ready, boolean timed) {
        if (released()) {
            return true; // the call itself blocks, as the JVM has it
        }
        SchedThread me = me();
        if (me == null) {
            return true; // not ours: the JVM decides
        }
        synchronized (m) {
            me.ready = ready;
            me.syncObject = sync;
            me.timed = timed;
        }
        arrive(Op.SYNC, me);
        synchronized (m) {
            return ready.getAsBoolean();
        }
    }

    @Override
    public void leave(Object sync, BooleanSupplier back) {
        if (released()) {
            return;
        }
        SchedThread me = me();
        if (me == null) {
            return;
        }
        SchedThread next;
        synchronized (m) {
            if (!schedule.holds(me) || schedule.aborted) {
                return; // outside the turn already
            }
            next = schedule.leave(me, sync, back);
        }
        wake(next);
    }

    @Override
    public void expect(BooleanSupplier done) {
        SchedThread me = me();
        synchronized (m) {
            if (me != null && schedule.holds(me) && me.state == State.RUNNING) {
                me.doing = SchedThread.Doing.SETTLING;
            }
        }
        try {
            while (!done.getAsBoolean()) {
                checkAbort();
                LockSupport.parkNanos(100_000L);
            }
        } finally {
            synchronized (m) {
                if (me != null && me.doing == SchedThread.Doing.SETTLING) {
                    me.doing = SchedThread.Doing.PROGRAM;
                    me.progress++;
                }
            }
        }
    }

    @Override
    public void taskEnded() {
        if (released()) {
            return;
        }
        SchedThread me = me();
        if (me != null) {
            synchronized (m) {
                schedule.taskEnded(me);
            }
        }
    }

    // ---- the protocol: arrive at a point, wait for the turn, wake the next thread

    SchedThread me() {
        synchronized (m) {
            return schedule.find(Thread.currentThread());
        }
    }

    private void arrive(Op op, SchedThread known) {
        checkAbort(); // an abandoned trial unwinds at its next point (releases still go through)
        if (released()) {
            return;
        }
        SchedThread me = known != null ? known : me();
        if (me == null) {
            return;
        }
        BooleanSupplier started = me.submittedTo == null ? null : pools.started(me);
        if (started != null) {
            expect(started);
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

    /**
     * A thread changes what the schedule sees (a lock released, a thread started, a notify) only
     * while it holds the turn: one outside it (new, or let go) first takes it, at a point.
     */
    void holdTurn(SchedThread me) {
        if (released()) {
            return;
        }
        boolean holds;
        synchronized (m) {
            holds = schedule.holds(me);
        }
        if (!holds) {
            arrive(Op.STEP, me);
        }
    }

    /** Parks until granted; a thread that arrived outside the turn decides once granted, and may park again. */
    private void awaitTurn(SchedThread me) {
        while (true) {
            while (me.state != State.GRANTED) {
                if (released()) {
                    return; // let go: it runs on outside any turn
                }
                LockSupport.park(this);
                checkAbort();
            }
            SchedThread next;
            synchronized (m) {
                next = schedule.resume(me);
                if (next == me) {
                    return;
                }
            }
            wake(next);
        }
    }

    void resumeAfterWait(SchedThread me) {
        synchronized (m) {
            schedule.resume(me);
        }
    }

    /** Wakes the thread given the turn (null: none), unless it is the calling one. */
    static void wake(SchedThread next) {
        if (next != null && next.runner != Thread.currentThread()) {
            next.wake();
        }
    }

    void checkAbort() {
        if (schedule.aborted) {
            throw new Abort();
        }
    }

    // ---- the watchdog, and what a trial reports

    /**
     * One look of the watchdog: when the thread holding the turn is stuck where the scheduler
     * cannot see (Stalls), it is let go and another gets the turn, as a logical event of the
     * schedule; when nobody holds the turn but a thread could run (made ready outside the turn),
     * the turn goes on.
     */
    public void watchdogTick() {
        SchedThread next = null;
        synchronized (m) {
            if (schedule.aborted || schedule.released) {
                return;
            }
            SchedThread c = schedule.current;
            String why = stalls.look(c);
            if (why != null) {
                next = schedule.rescue(c, why);
            }
            if (c == null && schedule.idleWithCandidates()) {
                if (++idleLooks >= 2) {
                    idleLooks = 0;
                    next = schedule.restart();
                }
            } else {
                idleLooks = 0;
            }
        }
        wake(next);
    }

    /** A read of the schedule under the scheduler's lock. */
    private <T> T locked(java.util.function.Supplier<T> read) {
        synchronized (m) {
            return read.get();
        }
    }

    @Override
    public long turns() {
        return locked(() -> schedule.turns);
    }

    public int watchdogFirings() {
        return locked(() -> schedule.watchdogFirings);
    }

    /** The watchdog's events of this trial, as logical facts (turn, thread, why), in order. */
    public List<String> watchdogEvents() {
        return locked(schedule::rescues);
    }

    @Override
    public boolean accessesIgnored() {
        return schedule.accessesQuiet && !schedule.aborted;
    }

    /** Why the trial was cut short (RaceFuzzer stopped steering with no race of the pair), or null. */
    public String cut() {
        return schedule.cut;
    }

    /** RaceFuzzer's postponements in this trial that ended without a race. */
    public int fruitless() {
        return locked(() -> schedule.policy.fruitless()); // 0 without RaceFuzzer
    }

    /** Why RaceFuzzer stopped steering in this trial, or null. */
    /** What made the candidate of a directed strategy of another kind happen (Policy.hit), or null. */
    public String hit() {
        return locked(() -> schedule.policy.hit());
    }

    public String steeringStopped() {
        return locked(schedule::steeringStopped);
    }

    public String digest() {
        return locked(() -> schedule.choices().digest());
    }

    public List<RaceRecord> races() {
        return locked(() -> schedule.races().races());
    }

    /** RaceFuzzer's invariant (tests check it): no two postponed threads form a race of the pair. */
    public boolean postponedRaceFree() {
        return locked(() -> schedule.policy.postponedRaceFree()); // trivially true for the others
    }

    /** The deadlock's evidence (a cycle, or every thread blocked with the holders named), or null. */
    public String deadlock() {
        return schedule.deadlock;
    }

    public boolean aborted() {
        return schedule.aborted;
    }

    /** Each thread and what it does or waits for: the reason of a trial that did not end. */
    public String describe() {
        return locked(() -> ScheduleText.describe(schedule));
    }

    /** Ends the trial: every parked program thread wakes and unwinds with {@link Abort}. */
    @Override
    public void abort() {
        schedule.aborted = true;
        schedule.choices().freeze();
        synchronized (m) {
            schedule.roster.unparkAll();
        }
    }
}
