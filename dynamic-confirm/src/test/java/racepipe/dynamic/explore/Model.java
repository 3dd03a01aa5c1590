package racepipe.dynamic.explore;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A small concurrent program for the explorer's tests, run by a simulator with the scheduler's
 * protocol: main starts every thread, joins them in order, then reads every variable. Each
 * thread's ops: read a variable into its register, write register + 1 to it, lock or unlock a
 * lock (monitors: not reentrant here). Accesses, locks and joins are points; unlocks and a
 * thread's end happen on the way to its next point, as in the real scheduler.
 */
final class Model {
    enum Kind { READ, WRITE, LOCK, UNLOCK, VREAD, VWRITE }

    record Op(Kind kind, int target) {
        @Override
        public String toString() {
            return kind.name().charAt(0) + "" + target;
        }
    }

    final List<List<Op>> threads;
    final int variables;

    Model(List<List<Op>> threads, int variables) {
        this.threads = threads;
        this.variables = variables;
    }

    /** How an execution ended: the variables' final values, or a deadlock. */
    record Outcome(String text) {
    }

    /** Runs one execution under {@code ex}; returns its outcome. */
    Outcome run(Execution ex) {
        int n = threads.size() + 1; // 0 is main
        int[] pc = new int[n];
        int[] reg = new int[n];
        int[] values = new int[variables];
        int[] holder = new int[8];
        Arrays.fill(holder, -1);
        boolean[] started = new boolean[n];
        boolean[] ended = new boolean[n];
        // main: starts every thread (its first event), then joins them, then reads every variable
        for (int t = 1; t < n; t++) {
            ex.did(Act.of(Act.Kind.START, t));
        }
        int mainJoins = threads.size();
        while (true) {
            List<Waiting> at = new ArrayList<>();
            for (int t = 0; t < n; t++) {
                if (ended[t]) {
                    continue;
                }
                Act a = next(t, pc, started, ended, holder);
                at.add(new Waiting(t, a, enabled(t, pc, started, ended, holder, mainJoins)));
            }
            int p = ex.choose(at);
            if (p < 0) {
                boolean all = true;
                for (boolean e : ended) {
                    all &= e;
                }
                return new Outcome(ex.cut() != null ? "cut" : all ? Arrays.toString(values) : "deadlock");
            }
            step(p, pc, reg, values, started, ended, holder, ex, mainJoins);
        }
    }

    private Act next(int t, int[] pc, boolean[] started, boolean[] ended, int[] holder) {
        if (t == 0) {
            int k = pc[0];
            return k < threads.size() ? Act.of(Act.Kind.JOIN, k + 1) : read(k - threads.size(), false);
        }
        if (!started[t]) {
            return Act.NONE;
        }
        Op op = threads.get(t - 1).get(pc[t]);
        return switch (op.kind) {
            case READ -> read(op.target, false);
            case WRITE -> new Act(Act.Kind.WRITE, op.target, 100 * t + pc[t]);
            case VREAD -> read(op.target, true);
            case VWRITE -> new Act(Act.Kind.VOLATILE_WRITE, op.target, 100 * t + pc[t]);
            case LOCK -> Act.of(Act.Kind.ACQUIRE, 1000 + op.target);
            default -> throw new IllegalStateException("unlock is no point");
        };
    }

    private static Act read(int v, boolean vol) {
        return new Act(vol ? Act.Kind.VOLATILE_READ : Act.Kind.READ, v, 9000 + v);
    }

    private boolean enabled(int t, int[] pc, boolean[] started, boolean[] ended, int[] holder, int joins) {
        if (t == 0) {
            return pc[0] >= joins || ended[pc[0] + 1];
        }
        if (!started[t]) {
            return true;
        }
        Op op = threads.get(t - 1).get(pc[t]);
        return op.kind != Kind.LOCK || holder[op.target] < 0;
    }

    private void step(int p, int[] pc, int[] reg, int[] values, boolean[] started, boolean[] ended, int[] holder,
                      Execution ex, int joins) {
        if (p == 0) {
            pc[0]++;
            if (pc[0] == joins + variables) {
                ended[0] = true;
                ex.did(Act.of(Act.Kind.END, 0));
            }
            return;
        }
        List<Op> ops = threads.get(p - 1);
        if (!started[p]) {
            started[p] = true;
        } else {
            Op op = ops.get(pc[p]++);
            switch (op.kind) {
                case READ, VREAD -> reg[p] = values[op.target];
                case WRITE, VWRITE -> values[op.target] = reg[p] + 1;
                case LOCK -> holder[op.target] = p;
                default -> {
                }
            }
        }
        // on to the next point: unlocks and the end are no points
        while (pc[p] < ops.size() && ops.get(pc[p]).kind == Kind.UNLOCK) {
            Op op = ops.get(pc[p]++);
            holder[op.target] = -1;
            ex.did(Act.of(Act.Kind.RELEASE, 1000 + op.target));
        }
        if (pc[p] == ops.size()) {
            ended[p] = true;
            ex.did(Act.of(Act.Kind.END, p));
        }
    }

    /** Explores every execution; the outcomes seen and the counts. */
    record Explored(java.util.Set<String> outcomes, int executions, int blocked) {
    }

    Explored explore(boolean reduce) {
        Dpor dpor = new Dpor(reduce, -1, 10_000);
        java.util.Set<String> outcomes = new java.util.TreeSet<>();
        do {
            Execution ex = dpor.start();
            Outcome o = run(ex);
            dpor.finish(ex);
            if (!ex.blocked()) {
                outcomes.add(o.text());
            }
        } while (dpor.next());
        return new Explored(outcomes, dpor.executions(), dpor.blocked());
    }

    static Op op(Kind k, int target) {
        return new Op(k, target);
    }

    @Override
    public String toString() {
        return threads.toString();
    }
}
