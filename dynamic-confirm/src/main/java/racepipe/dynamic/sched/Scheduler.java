package racepipe.dynamic.sched;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.LockSupport;
import racepipe.dynamic.runtime.Abort;
import racepipe.dynamic.runtime.Scheduling;
import racepipe.dynamic.runtime.Site;
import racepipe.dynamic.runtime.Sites;

/**
 * Runs the program's threads one at a time; every choice comes from one seeded RNG, so a seed
 * gives one schedule. Without race sites it picks a random enabled thread at every scheduling
 * point (the random scheduler); with them it is RaceFuzzer (seed 001 section 3): it postpones
 * a thread one step before a racing access until a partner arrives at the same address, then
 * flips a coin to order the two. The scheduler's own lock model says who is enabled.
 */
public final class Scheduler implements Scheduling {
    private final Object m = new Object();
    private final Random rng;
    private final Set<String> raceSites; // null: no pair watched
    private final boolean postpone;      // RaceFuzzer; false: the random scheduler
    private final Map<Thread, SchedThread> byThread = new IdentityHashMap<>();
    private final List<SchedThread> threads = new ArrayList<>();
    private final List<SchedThread> forced = new ArrayList<>();
    private final LockModel locks = new LockModel();
    private final List<RaceRecord> races = new ArrayList<>();
    private volatile SchedThread current;
    private volatile long steps;   // arrivals at points: the watchdog's sign of progress
    private long turns;            // hand-overs: a deterministic clock of the schedule
    private long digest = 0xcbf29ce484222325L;
    private int watchdogFirings;
    private volatile String deadlock;
    private volatile boolean aborted;
    private final Runnable onDeadlock;

    public Scheduler(long seed, Set<String> raceSites, boolean postpone, Runnable onDeadlock) {
        this.rng = new Random(seed);
        this.raceSites = raceSites;
        this.postpone = postpone && raceSites != null;
        this.onDeadlock = onDeadlock;
    }

    /** The calling thread becomes the first program thread and holds the turn. */
    public void adoptCurrentThread() {
        synchronized (m) {
            SchedThread t = register(Thread.currentThread());
            t.atPoint = false;
            t.granted = true;
            current = t;
        }
    }

    private SchedThread register(Thread thread) {
        SchedThread t = byThread.get(thread);
        if (t == null) {
            t = new SchedThread(thread, threads.size());
            byThread.put(thread, t);
            threads.add(t);
        }
        return t;
    }

    // ---- the hooks the runtime calls

    public void point() {
        arrive(SchedThread.Op.STEP, null);
    }

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

    /** A try-lock: refused at once when the model says another thread holds the lock. */
    public boolean tryAcquire(Object lock, boolean exclusive) {
        SchedThread me = me();
        if (me == null) {
            return true;
        }
        synchronized (m) {
            if (!locks.canAcquire(me, lock, exclusive)) {
                return false;
            }
        }
        acquire(lock, exclusive);
        return true;
    }

    public void release(Object lock, boolean exclusive) {
        SchedThread me = me();
        if (me != null) {
            synchronized (m) {
                locks.release(me, lock, exclusive);
            }
        }
    }

    public void starting(Thread child) {
        synchronized (m) {
            register(child);
        }
    }

    public void join(Thread target, long millis) {
        SchedThread me = me();
        if (me == null) {
            return;
        }
        synchronized (m) {
            me.joinTarget = byThread.get(target);
            me.timed = millis > 0;
        }
        arrive(me.joinTarget == null ? SchedThread.Op.STEP : SchedThread.Op.JOIN, me);
    }

    /** Sleep is a scheduling point; the time itself is not spent. */
    public void sleep(long millis) throws InterruptedException {
        point();
        if (Thread.interrupted()) {
            throw new InterruptedException("sleep interrupted");
        }
    }

    public void exit(int status) {
        aborted = true; // the program ends here: nobody else is scheduled
    }

    /** Called from java.lang.Thread.exit(): the thread is done. */
    public void threadEnd(Thread thread) {
        SchedThread next;
        synchronized (m) {
            SchedThread me = byThread.get(thread);
            if (me == null) {
                return;
            }
            me.op = SchedThread.Op.ENDED;
            me.atPoint = false;
            if (current != me && current != null) {
                return;
            }
            next = pick(me);
            handTo(next, me);
        }
        wake(next);
    }

    /** Object.wait: release the monitor in the model, then really wait until granted again. */
    public void waitOn(Object monitor, long millis) throws InterruptedException {
        SchedThread me = me();
        SchedThread next;
        synchronized (m) {
            if (me == null || !locks.owns(me, monitor)) {
                next = me; // not ours to model: let the JVM decide (and throw)
            } else {
                me.realLock = null;
                me.condition = null;
                next = beginWait(me, monitor, monitor, millis > 0);
            }
        }
        if (next == me) {
            monitor.wait(millis);
            return;
        }
        wake(next);
        while (!me.granted && !aborted) {
            monitor.wait(20);
        }
        checkAbort();
    }

    /** Drops the lock in the model and hands the turn on; the caller then really waits. */
    private SchedThread beginWait(SchedThread me, Object lockId, Object waitObject, boolean timed) {
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

    public void notifyWaiters(Object monitor, boolean all) {
        synchronized (m) {
            notifyModel(monitor, all);
        }
    }

    public long await(Condition c, Lock lock, Object lockId, long nanos) throws InterruptedException {
        SchedThread me = me();
        if (me == null) {
            return nanos == 0 ? 1 : c.awaitNanos(nanos);
        }
        SchedThread next;
        synchronized (m) {
            me.realLock = lock;
            me.condition = c;
            next = beginWait(me, lockId, c, nanos > 0);
        }
        wake(next);
        while (!me.granted && !aborted) {
            c.await(20, java.util.concurrent.TimeUnit.MILLISECONDS);
        }
        checkAbort();
        return me.notified ? Math.max(1, nanos) : 0;
    }

    public void signal(Condition c, boolean all) {
        synchronized (m) {
            notifyModel(c, all);
        }
    }

    private void notifyModel(Object waitObject, boolean all) {
        List<SchedThread> waiting = new ArrayList<>();
        for (SchedThread t : threads) {
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
            waiting.get(choose(waiting.size())).notified = true;
        }
    }

    // ---- the protocol: arrive at a point, choose who runs, hand the turn over

    /** The calling program thread; registers one the scheduler did not see start (a pool's). */
    private SchedThread me() {
        synchronized (m) {
            SchedThread t = byThread.get(Thread.currentThread());
            if (t == null && current != null) {
                t = register(Thread.currentThread()); // started where we could not see (a pool)
            }
            return t;
        }
    }

    private void arrive(SchedThread.Op op, SchedThread known) {
        checkAbort(); // an abandoned trial unwinds at its next point (releases still go through)
        SchedThread me = known != null ? known : me();
        if (me == null) {
            return;
        }
        SchedThread next = null;
        synchronized (m) {
            me.atPoint = true;
            me.detached = false;
            steps++;
            me.granted = false;
            if (current == me || current == null) {
                me.op = op;
                next = decide(me);
                if (next == me) {
                    return;
                }
            } else {
                // it arrived while another thread ran (a new thread, or one the watchdog let go):
                // it counts as it was until granted, then decides as if it had arrived then
                me.pendingOp = op;
                me.undecided = true;
                if (me.op != SchedThread.Op.START) {
                    me.op = SchedThread.Op.STEP;
                }
            }
        }
        wake(next);
        awaitTurn(me);
    }

    /**
     * Parks until granted. A thread granted before it made its own decision (it arrived while
     * another thread ran) makes it now, as if it had arrived with the turn: the schedule must
     * not depend on how fast a new thread reaches its first point.
     */
    private void awaitTurn(SchedThread me) {
        while (true) {
            while (!me.granted) {
                LockSupport.park(this);
                checkAbort();
            }
            SchedThread next;
            synchronized (m) {
                if (!me.undecided) {
                    return;
                }
                me.undecided = false;
                me.op = me.pendingOp;
                me.atPoint = true;
                me.granted = false;
                current = me;
                next = decide(me);
                if (next == me) {
                    return;
                }
            }
            wake(next);
        }
    }

    /** The current thread is at its point: postpone, race or pick someone. Returns who runs. */
    private SchedThread decide(SchedThread me) {
        if (raceSites != null && me.op == SchedThread.Op.ACCESS && isRaceSite(me.site)) {
            List<SchedThread> partners = racing(me);
            if (!postpone) {
                if (!partners.isEmpty()) {
                    recordRace(me, partners, true); // random: two threads happened to meet
                }
            } else if (!partners.isEmpty()) {
                boolean heads = rng.nextBoolean();
                mix(heads ? 1 : 2);
                recordRace(me, partners, heads);
                if (heads) {
                    handTo(me, me);
                    return me;
                }
                postpone(me);
                for (SchedThread r : partners) {
                    r.postponed = false;
                    forced.add(r);
                }
            } else {
                postpone(me);
            }
        }
        SchedThread next = pick(me);
        handTo(next, me);
        return next;
    }

    /**
     * Threads waiting one step before a racing access to the same address, one access a write:
     * under RaceFuzzer the postponed ones (seed 001's Racing(R)), else any parked there.
     */
    private List<SchedThread> racing(SchedThread me) {
        List<SchedThread> r = new ArrayList<>();
        for (SchedThread t : threads) {
            if (t != me && (postpone ? t.postponed : t.atPoint && !t.undecided) && t.op == SchedThread.Op.ACCESS
                    && isRaceSite(t.site) && (raceSites.size() == 1 || t.site != me.site) // one at each site
                    && t.target == me.target && t.slot == me.slot && (t.write || me.write)) {
                r.add(t);
            }
        }
        return r;
    }

    /** The invariant of seed 001 section 3: no two postponed threads form a race of the pair. */
    public boolean postponedRaceFree() {
        synchronized (m) {
            for (SchedThread a : threads) {
                for (SchedThread b : threads) {
                    if (a != b && a.postponed && b.postponed && a.target == b.target && a.slot == b.slot
                            && (a.write || b.write) && (raceSites.size() == 1 || a.site != b.site)) {
                        return false;
                    }
                }
            }
            return true;
        }
    }

    /**
     * Turns a thread may stay postponed while others run. Without a bound, a thread that spins
     * waiting for the postponed one (a hand-over by polling) would keep the turn forever; the
     * bound counts turns, not time, so schedules stay reproducible.
     */
    private static final long POSTPONE_LIMIT = 1000;

    private void postpone(SchedThread t) {
        t.postponed = true;
        t.postponedAt = turns;
    }

    private SchedThread pick(SchedThread me) {
        for (SchedThread t : threads) {
            if (t.postponed && turns - t.postponedAt > POSTPONE_LIMIT) {
                t.postponed = false; // waited long enough for a partner: let it go
            }
        }
        while (!forced.isEmpty()) {
            SchedThread f = forced.remove(0);
            if (f.atPoint && enabled(f)) {
                return f;
            }
        }
        List<SchedThread> free = new ArrayList<>();
        List<SchedThread> held = new ArrayList<>();
        boolean someoneElseLive = false;
        for (SchedThread t : threads) {
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
            SchedThread released = held.get(choose(held.size()));
            released.postponed = false; // every enabled thread is postponed: release one at random
            return released;
        }
        if (free.isEmpty()) {
            if (!someoneElseLive && !aborted && hasLiveWaiter()) {
                declareDeadlock();
            }
            return null;
        }
        return free.get(choose(free.size()));
    }

    private boolean hasLiveWaiter() {
        for (SchedThread t : threads) {
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
        mix(next.index + 16);
        next.granted = true;
    }

    /** Wakes the thread given the turn: parked at a point, or really waiting on a monitor. */
    private void wake(SchedThread next) {
        if (next == null || next.thread == Thread.currentThread()) {
            return;
        }
        LockSupport.unpark(next.thread);
        Object monitor = next.wokenFrom;
        Lock realLock = next.realLock;
        Condition condition = next.condition;
        if (monitor == null) {
            return;
        }
        // The waiter blocks in the real wait() of its monitor or Condition; the lock is free in
        // the model, so taking it here only waits until the waiter is inside wait().
        if (condition != null && realLock != null) {
            realLock.lock();
            try {
                condition.signalAll();
            } finally {
                realLock.unlock();
            }
        } else {
            synchronized (monitor) {
                monitor.notifyAll();
            }
        }
    }

    private byte[] raceSiteCache = new byte[0]; // 0 unknown, 1 racing, 2 not

    private boolean isRaceSite(int site) {
        if (site >= raceSiteCache.length) {
            raceSiteCache = java.util.Arrays.copyOf(raceSiteCache, Math.max(site + 1, raceSiteCache.length * 2));
        }
        if (raceSiteCache[site] == 0) {
            raceSiteCache[site] = (byte) (raceSites.contains(Sites.get(site).key()) ? 1 : 2);
        }
        return raceSiteCache[site] == 1;
    }

    private int choose(int n) {
        int k = n == 1 ? 0 : rng.nextInt(n);
        mix(k + 1);
        return k;
    }

    private void mix(int v) {
        digest = (digest ^ v) * 0x100000001b3L;
    }

    private void recordRace(SchedThread me, List<SchedThread> partners, boolean meFirst) {
        SchedThread other = partners.get(0);
        Site site = Sites.get(me.site);
        // a call into a collection races on the collection's own field, which the access carries
        String variable = site.field < 0 && (me.target == null || !me.target.getClass().isArray()) ? Sites.fieldName(me.slot) : site.variable;
        String addr = me.target == null ? variable // identity hashes differ between runs: not shown
                : me.target.getClass().isArray() ? me.target.getClass().getComponentType().getName() + "[" + me.slot + "]"
                : me.target.getClass().getName() + " object ." + variable.substring(variable.lastIndexOf('.') + 1);
        races.add(new RaceRecord(site.key(), me.name(), stack(Thread.currentThread().getStackTrace()),
                Sites.get(other.site).key(), other.name(), stack(other.thread.getStackTrace()), addr,
                meFirst ? me.name() : other.name(), turns));
    }

    private static String stack(StackTraceElement[] frames) {
        StringBuilder sb = new StringBuilder();
        for (StackTraceElement f : frames) {
            String c = f.getClassName();
            if (!c.startsWith("racepipe.dynamic.") && !c.startsWith("java.lang.Thread")) {
                sb.append(f).append(" <- ");
            }
        }
        return sb.toString();
    }

    private void declareDeadlock() {
        StringBuilder sb = new StringBuilder();
        for (SchedThread t : threads) {
            if (t.op != SchedThread.Op.ENDED) {
                sb.append(t.name()).append(" waits to ").append(t.op).append(": ")
                        .append(stack(t.thread.getStackTrace())).append(" ; ");
            }
        }
        deadlock = sb.toString();
        aborted = true;
        if (onDeadlock != null) {
            onDeadlock.run();
        }
    }

    private void checkAbort() {
        if (aborted && Thread.currentThread() != null) {
            throw new Abort();
        }
    }

    // ---- the watchdog: a thread that does not come back to a point lets the others go

    private int stalledTicks;

    /**
     * The running thread is about to block where the scheduler cannot see (a latch, a barrier,
     * a queue inside the JDK): it lets another thread go now rather than waiting for the
     * watchdog, and rejoins at its next point.
     */
    public void blocking() {
        SchedThread next;
        synchronized (m) {
            SchedThread me = byThread.get(Thread.currentThread());
            if (me == null || current != me || aborted) {
                return;
            }
            me.detached = true;
            next = pick(null);
            handTo(next, me);
        }
        wake(next);
    }

    /**
     * Called periodically: if the running thread made no step since last time and is blocked
     * where we cannot see (or has been running without a point for many ticks: a spin), it is
     * detached and another thread gets the turn.
     */
    public void watchdogTick(long lastSteps) {
        SchedThread next;
        synchronized (m) {
            SchedThread c = current;
            if (c == null || c.atPoint || steps != lastSteps || aborted) {
                stalledTicks = 0;
                return;
            }
            Thread.State st = c.thread.getState();
            if (st == Thread.State.RUNNABLE && ++stalledTicks < SPIN_TICKS) {
                return;
            }
            stalledTicks = 0;
            watchdogFirings++;
            c.detached = true;
            next = pick(null);
            handTo(next, c);
        }
        wake(next);
    }

    /** Ticks a thread may run without reaching a point before it counts as spinning. */
    private static final int SPIN_TICKS = 25;

    public long steps() {
        return steps;
    }

    /** How many times the turn was handed over so far. */
    public long turns() {
        synchronized (m) {
            return turns;
        }
    }

    public int watchdogFirings() {
        synchronized (m) {
            return watchdogFirings;
        }
    }

    public String digest() {
        synchronized (m) {
            return Long.toHexString(digest);
        }
    }

    public List<RaceRecord> races() {
        synchronized (m) {
            return new ArrayList<>(races);
        }
    }

    public String deadlock() {
        return deadlock;
    }

    public boolean aborted() {
        return aborted;
    }

    /** Ends the trial: every parked program thread wakes and unwinds with {@link Abort}. */
    public void abort() {
        aborted = true;
        List<SchedThread> all;
        synchronized (m) {
            all = new ArrayList<>(threads);
        }
        for (SchedThread t : all) {
            LockSupport.unpark(t.thread);
        }
    }
}
