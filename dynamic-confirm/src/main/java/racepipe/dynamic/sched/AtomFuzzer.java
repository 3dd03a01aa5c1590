package racepipe.dynamic.sched;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import racepipe.dynamic.runtime.AtomicOps;
import racepipe.dynamic.runtime.Sites;

/**
 * AtomFuzzer's policy (Park, Sen, "Randomized active atomicity violation detection in concurrent
 * programs", FSE 2008), on the block's two operations {@code check} and {@code act} (site keys):
 * a thread about to do {@code act} in the invocation of its block in which it did {@code check},
 * on the same address, is postponed until another thread makes an operation on that address that
 * conflicts with both (a lock acquire of the monitor, a write to the volatile or the concurrent
 * object); that operation runs first (the violation is recorded with both threads' stacks), and
 * the postponed thread may run again once it is done. When every enabled thread is postponed,
 * one is released at random; one postponed for too many turns is released too. As RaceFuzzer,
 * it stops steering after enough violations or fruitless postponements. Between its check and
 * its act a thread keeps the turn, so the act is the one place another thread can come in. A
 * coin at the first check decides the trial's order, as RaceFuzzer's does a race's: heads, the
 * above; tails, the same postponements, but at each meeting (an operation that conflicts with the
 * waiting thread's check or act) the act goes first: the trial is perturbed alike and makes no
 * violation, so it shows what the program does without one. The trials of both orders tell
 * whether an exception is the block's (pipeline run/BlockAttribution): one that another block or
 * race causes comes in both. Every choice is the seed's, so a seed replays its trial. Guarded by
 * the scheduler's lock.
 */
final class AtomFuzzer extends Postponing {
    static final int ENOUGH = 10;
    /** The most points a thread keeps the turn for between its check and its act. */
    static final int ATOMIC_POINTS = 200;

    /** A thread's check: in which invocation, on which address, of which kind. */
    private record Check(long invocation, Object target, int slot, int kind, String stack) {
    }

    /** A thread postponed before act: the address and the two kinds another operation must conflict with. */
    private record Waiting(Check check, int actKind) {
    }

    /** A postponed thread runs again after {@code points} more points of {@code other} (its operation is done). */
    private static final class Release {
        final SchedThread other;
        int points;

        Release(SchedThread other, int points) {
            this.other = other;
            this.points = points;
        }
    }

    private final String check;
    private final String act;
    private final RaceLog log;
    private final LockModel locks;
    private final Map<SchedThread, Check> checked = new HashMap<>();
    private final Map<SchedThread, Waiting> waiting = new HashMap<>();
    private final Map<SchedThread, Release> releases = new HashMap<>();
    private final Map<SchedThread, Integer> lastSite = new HashMap<>();
    private int violations;
    /** The trial's coin, flipped at the first check: true interleaves, false makes the block atomic; null before. */
    private Boolean interleave;
    /** Per thread between its check and its act: the points it kept the turn for. */
    private final Map<SchedThread, int[]> inBlock = new HashMap<>();
    /** Tails: a thread let go to its act first: the monitor its synchronized call takes next. */
    private final Map<SchedThread, Object> acting = new HashMap<>();
    /** Tails: the thread to run next (its act first); null when none. */
    private SchedThread next;
    /** Tails: meetings so far, each settled act first. */
    private int meetings;

    AtomFuzzer(String check, String act, RaceLog log, Roster roster, Choices choices, LockModel locks) {
        super(roster, choices);
        this.check = check;
        this.act = act;
        this.log = log;
        this.locks = locks;
    }

    private static boolean conflict(int a, int b) {
        return a == AtomicOps.LOCK && b == AtomicOps.LOCK || a == AtomicOps.WRITE || b == AtomicOps.WRITE;
    }

    @Override
    public boolean keepsTurn(SchedThread me, long turn) {
        if (!steering()) {
            return false;
        }
        if (interleave == null && me.atomic && Sites.get(me.site).key().equals(check)) {
            interleave = choices.coin();
        }
        for (Map.Entry<SchedThread, Release> e : new ArrayList<>(releases.entrySet())) {
            if (e.getValue().other == me && --e.getValue().points <= 0) {
                release(e.getKey());
            }
        }
        Object monitor = acting.remove(me);
        if (monitor != null && me.op == SchedThread.Op.ACQUIRE && me.lock == monitor) {
            return canGo(me); // the act is a synchronized call: its access comes after this acquire
        }
        boolean goesFirst = false;
        for (Map.Entry<SchedThread, Waiting> e : new ArrayList<>(waiting.entrySet())) {
            SchedThread t = e.getKey();
            if (t == me || t.state != SchedThread.State.POSTPONED || releases.containsKey(t)) {
                continue;
            }
            if (Boolean.TRUE.equals(interleave) && interleaves(me, e.getValue())) {
                record(t, me, e.getValue(), turn);
                releases.put(t, new Release(me, me.atomic && me.atomicKind == AtomicOps.WRITE && me.slot >= 0 ? 2 : 1));
                goesFirst = true;
            } else if (Boolean.FALSE.equals(interleave) && touches(me, e.getValue())) {
                release(t); // tails: the waiting thread's act goes first, through its monitor's acquire
                acting.put(t, e.getValue().check.target);
                next = t;
                if (++meetings >= ENOUGH) {
                    stop(turn);
                }
                return false;
            }
        }
        if (goesFirst) {
            if (violations >= ENOUGH) {
                stop(turn);
            }
            return true;
        }
        if (!me.atomic) {
            return inside(me);
        }
        lastSite.put(me, me.site);
        String key = Sites.get(me.site).key();
        Check c = checked.get(me);
        if (key.equals(act) && c != null && c.invocation == me.invocation && c.target == me.target && c.slot == me.slot) {
            checked.remove(me);
            inBlock.remove(me);
            waiting.put(me, new Waiting(c, me.atomicKind));
            postpone(me, turn);
            return false;
        }
        if (key.equals(check)) {
            checked.put(me, new Check(me.invocation, me.target, me.slot, me.atomicKind, Stacks.of(Thread.currentThread().getStackTrace())));
            inBlock.put(me, new int[] {0});
            return canGo(me);
        }
        return inside(me);
    }

    /**
     * Between its check and its act a thread keeps the turn (both sides of the coin), so the one
     * interleaving a trial can differ in is the one at the act: while its next operation cannot
     * block (no wait, join or yield; an acquire only of a lock it can take) and for at most
     * {@link #ATOMIC_POINTS} points; then it is a thread like the others.
     */
    private boolean inside(SchedThread me) {
        int[] in = inBlock.get(me);
        if (in == null) {
            return false;
        }
        if (!canGo(me) || ++in[0] > ATOMIC_POINTS) {
            inBlock.remove(me);
            return false;
        }
        return true;
    }

    private boolean canGo(SchedThread me) {
        return me.op != SchedThread.Op.WAIT && me.op != SchedThread.Op.JOIN && me.op != SchedThread.Op.YIELD
                && !(me.op == SchedThread.Op.ACQUIRE && !locks.canAcquire(me, me.lock, me.exclusive));
    }

    /** Tails: me's operation conflicts with w's check or its act (a monitor's acquire, or an access that writes). */
    private boolean touches(SchedThread me, Waiting w) {
        Check c = w.check;
        if (me.op == SchedThread.Op.ACQUIRE) {
            return c.slot == AtomicOps.MONITOR && me.lock == c.target;
        }
        return me.atomic && me.atomicKind != AtomicOps.LOCK && me.target == c.target && me.slot == c.slot
                && (conflict(c.kind, me.atomicKind) || conflict(me.atomicKind, w.actKind));
    }

    /** me is about to make an operation on w's address that conflicts with its check and its act. */
    private boolean interleaves(SchedThread me, Waiting w) {
        Check c = w.check;
        if (me.op == SchedThread.Op.ACQUIRE) {
            return c.slot == AtomicOps.MONITOR && me.lock == c.target && locks.canAcquire(me, me.lock, me.exclusive);
        }
        return me.atomic && me.atomicKind != AtomicOps.LOCK && me.target == c.target && me.slot == c.slot
                && conflict(c.kind, me.atomicKind) && conflict(me.atomicKind, w.actKind);
    }

    private void record(SchedThread t, SchedThread other, Waiting w, long turn) {
        violations++;
        Integer otherSite = other.atomic ? Integer.valueOf(other.site) : lastSite.get(other);
        String variable = w.check.slot >= 0 ? Sites.fieldName(w.check.slot)
                : (w.check.target == null ? "?" : w.check.target.getClass().getName()) + (w.check.slot == AtomicOps.MONITOR ? " monitor" : "");
        String address = w.check.target == null ? variable : w.check.target.getClass().getName() + " object";
        log.add(new RaceRecord(act, t.name(), Stacks.of(t.runner.getStackTrace()),
                otherSite == null ? act : Sites.get(otherSite).key(), other.name(), Stacks.of(Thread.currentThread().getStackTrace()),
                address, other.name(), turn, w.actKind != AtomicOps.READ, variable,
                other.op == SchedThread.Op.ACQUIRE || other.atomicKind != AtomicOps.READ, variable));
    }

    /** Fruitless unless another thread's operation came between its check and act. */
    @Override
    boolean release(SchedThread t) {
        boolean fruitless = !releases.containsKey(t);
        releases.remove(t);
        waiting.remove(t);
        if (t.state == SchedThread.State.POSTPONED) {
            t.state = SchedThread.State.PARKED;
        }
        return fruitless;
    }

    @Override
    SchedThread forced(List<SchedThread> enabled) {
        SchedThread n = next;
        next = null;
        if (n != null && enabled.contains(n)) {
            return n;
        }
        for (Map.Entry<SchedThread, Release> e : new ArrayList<>(releases.entrySet())) {
            if (e.getValue().other.state == SchedThread.State.ENDED) {
                release(e.getKey()); // the other thread's operation is done: it ended
            }
        }
        return null;
    }

    /** The first violation made, for the trial's note; null while none. */
    @Override
    public String hit() {
        return violations == 0 ? null : violations + " atomicity violation(s): another thread's operation between "
                + "the block's check and act";
    }

    @Override
    public String stopped() {
        if (Boolean.FALSE.equals(interleave)) {
            return "the coin put the block's act first at each meeting (" + meetings + "): no violation";
        }
        return stoppedAfter(violations + " atomicity violations");
    }
}
