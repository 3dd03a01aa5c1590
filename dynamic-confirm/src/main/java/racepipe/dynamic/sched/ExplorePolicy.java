package racepipe.dynamic.sched;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import racepipe.contract.WatchedLibrary;
import racepipe.dynamic.explore.Act;
import racepipe.dynamic.explore.Execution;
import racepipe.dynamic.explore.Waiting;

/**
 * The exploring policy: every choice is the {@link Execution}'s (a prefix of an earlier
 * execution, then new choices), and every operation of the running thread is told to it, with
 * objects numbered in the order this execution first meets them (identity, never hashes).
 * Called under the scheduler's lock.
 */
final class ExplorePolicy implements Policy {
    private final Execution execution;
    private final Roster roster;
    private final LockModel locks;
    private final Consumer<String> cut;
    private final java.util.function.BooleanSupplier over; // the trial was aborted: what threads do while unwinding is no part of it
    private final Map<Object, Integer> ids = new IdentityHashMap<>();
    private final Map<Object, Integer> updaters = new IdentityHashMap<>(); // a concurrent collection -> the first thread that updated it

    ExplorePolicy(Execution execution, Roster roster, LockModel locks, Consumer<String> cut, java.util.function.BooleanSupplier over) {
        this.execution = execution;
        this.over = over;
        this.roster = roster;
        this.locks = locks;
        this.cut = cut;
    }

    @Override
    public boolean explores() {
        return true;
    }

    @Override
    public void lostControl(String why) {
        execution.lostControl(why);
    }

    @Override
    public boolean keepsTurn(SchedThread me, long turn) {
        return false; // every point is a choice
    }

    @Override
    public SchedThread choose(List<SchedThread> enabled, long turn) {
        if (over.getAsBoolean()) {
            return null;
        }
        List<Waiting> at = new ArrayList<>();
        for (SchedThread t : roster.all()) {
            if (t.state.candidate()) {
                at.add(new Waiting(t.index, act(t), enabled.contains(t)));
            }
        }
        int p = execution.choose(at);
        if (p < 0) {
            if (execution.cut() != null) {
                cut.accept(execution.cut());
            }
            return null;
        }
        return roster.all().get(p);
    }

    @Override
    public void did(SchedThread t, Act.Kind kind, Object target, int slot) {
        if (over.getAsBoolean()) {
            return;
        }
        if (kind == Act.Kind.SYNC_RELEASE) {
            collectionUpdate(t, target);
        }
        long id = kind == Act.Kind.START || kind == Act.Kind.END ? slot : id(target);
        execution.did(Act.of(kind, id));
    }

    @Override
    public void notChoice(String what) {
        if (!over.getAsBoolean()) {
            execution.notChoice(what);
        }
    }

    /**
     * A java.util.concurrent collection updated by two threads: its operations are happens-before
     * edges inside their threads' steps, not choices, so their order was not varied.
     */
    private void collectionUpdate(SchedThread t, Object target) {
        if (target == null || !WatchedLibrary.isConcurrentCollection(target.getClass().getName().replace('.', '/'))) {
            return;
        }
        Integer first = updaters.putIfAbsent(target, t.index);
        if (first != null && first != t.index) {
            execution.notChoice("two threads updated one " + target.getClass().getSimpleName()
                    + ": the order of a java.util.concurrent collection's operations is not a choice");
        }
    }

    @Override
    public void updateFailed(SchedThread t) {
        if (!over.getAsBoolean()) {
            execution.updateFailed(t.index);
        }
    }

    /** What t is about to do at its point. */
    private Act act(SchedThread t) {
        if (t.state == SchedThread.State.NEW) {
            return Act.NONE; // its first step: it follows its start, and nobody else can see it
        }
        SchedThread.Op op = t.state == SchedThread.State.ARRIVED && t.pendingOp != null ? t.pendingOp : t.op;
        return switch (op) {
            case ACCESS -> new Act(t.volatileAccess ? (t.write ? Act.Kind.VOLATILE_WRITE : Act.Kind.VOLATILE_READ)
                    : t.write ? Act.Kind.WRITE : Act.Kind.READ, (long) id(t.target) << 32 | (t.slot & 0xffffffffL), t.site);
            case ACQUIRE -> locks.owns(t, t.lock) ? Act.NONE
                    : Act.of(t.exclusive ? Act.Kind.ACQUIRE : Act.Kind.SHARED_ACQUIRE, id(t.lock));
            case TRY -> locks.owns(t, t.lock) ? Act.NONE : Act.of(Act.Kind.TRY_ACQUIRE, id(t.lock));
            case WAIT -> Act.of(Act.Kind.ACQUIRE, id(t.lock)); // back from the wait, it takes the monitor again
            case JOIN -> t.joinTarget == null ? Act.NONE : Act.of(Act.Kind.JOIN, t.joinTarget.index);
            case SYNC -> Act.of(Act.Kind.SYNC, id(t.syncObject));
            case YIELD -> Act.of(Act.Kind.YIELD, 0);
            default -> Act.NONE;
        };
    }

    /** The object's number in this execution (0: none, a static's "object"). */
    private int id(Object o) {
        return o == null ? 0 : ids.computeIfAbsent(o, k -> ids.size() + 1);
    }
}
