package racepipe.dynamic.explore;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * Stateless model checking with source-set DPOR and sleep sets (Abdulla, Aronis, Jonsson,
 * Sagonas, POPL 2014, Algorithm 1), one execution at a time: {@link #start} an execution, run
 * the program under it, {@link #finish} it (its races add threads to try at earlier choice
 * points), and {@link #next} moves to the next execution, depth first, until none is left.
 * Sleep sets keep two complete executions from being equivalent, source sets make sure every
 * equivalence class (Mazurkiewicz trace) is reached, so {@link #executions} counts each class
 * once; executions that end in a sleep set are counted apart ({@link #blocked}). With reduction
 * off, every interleaving of the choice points is tried (the brute force the tests compare with).
 */
public final class Dpor {
    final List<Node> tree = new ArrayList<>();
    final boolean reduce;
    final int bound;      // preemptions allowed; -1: no bound
    final long maxSteps;  // choice points an execution may take before it counts as never ending
    private int executions;
    private int blocked;
    private boolean boundHit;
    private boolean nondeterministic;
    private boolean cutLong;
    private boolean unreachable;
    private String uncontrolled;
    private String notChoice;

    public Dpor(boolean reduce, int bound, long maxSteps) {
        this.reduce = reduce;
        this.bound = bound;
        this.maxSteps = maxSteps;
    }

    /** An execution that follows the tree's choices, then opens new nodes. */
    public Execution start() {
        return new Execution(this, null);
    }

    /** An execution that follows {@code schedule}, then runs the thread that ran before when it can. */
    public static Execution replay(String schedule, long maxSteps) {
        return new Execution(new Dpor(false, -1, maxSteps), Schedules.decode(schedule));
    }

    /** The execution has ended: counted, and (with reduction) its races add backtrack points. */
    public void finish(Execution e) {
        if (TRACE != null) {
            trace(e);
        }
        nondeterministic |= e.diverged;
        cutLong |= e.endless;
        if (uncontrolled == null) {
            uncontrolled = e.uncontrolled;
        }
        if (notChoice == null) {
            notChoice = e.notChoice;
        }
        if (e.blocked) {
            blocked++;
            return;
        }
        executions++;
        if (reduce && !e.diverged) {
            Races.backtrack(e.events, e.pending, tree);
        }
    }

    /** RACEPIPE_EXPLORE_TRACE=FILE: each execution's events and the tree's sets, for whoever debugs the explorer. */
    private static final String TRACE = System.getenv("RACEPIPE_EXPLORE_TRACE");

    private void trace(Execution e) {
        StringBuilder sb = new StringBuilder("execution " + executions + (e.blocked ? " (blocked)" : "") + ": " + e.schedule()
                + (e.cut() == null ? "" : " cut: " + e.cut()) + (e.uncontrolled == null ? "" : " uncontrolled: " + e.uncontrolled) + "\n");
        for (int i = 0; i < e.events.size(); i++) {
            Event ev = e.events.get(i);
            Node n = i == 0 || i - 1 >= tree.size() ? null : tree.get(i - 1);
            sb.append("  ").append(i).append(" t").append(ev.thread).append(' ').append(ev.acts)
                    .append(n == null ? "" : " enabled " + n.enabled + " sleep " + n.sleep + " done " + n.done + " backtrack " + n.backtrack)
                    .append('\n');
        }
        e.pending.forEach(p -> sb.append("  pending t").append(p.thread).append(' ').append(p.acts).append('\n'));
        try {
            java.nio.file.Files.writeString(java.nio.file.Path.of(TRACE), sb, java.nio.file.StandardOpenOption.CREATE,
                    java.nio.file.StandardOpenOption.APPEND);
        } catch (java.io.IOException x) {
            throw new java.io.UncheckedIOException(x);
        }
    }

    /** Moves to the next execution to explore; false when the space (within the bound) is exhausted. */
    public boolean next() {
        for (int d = tree.size() - 1; d >= 0; d--) {
            Node node = tree.get(d);
            unreachable |= node.unreachable;
            node.done.set(node.chosen);
            BitSet todo = (BitSet) node.backtrack.clone();
            todo.andNot(node.done);
            todo.andNot(node.sleep);
            todo.and(node.enabled);
            for (int t = todo.nextSetBit(0); t >= 0; t = todo.nextSetBit(t + 1)) {
                if (bound >= 0 && node.preemptionsWith(t) > bound) {
                    boundHit = true;
                    node.done.set(t);
                    continue;
                }
                node.chosen = t;
                tree.subList(d + 1, tree.size()).clear();
                return true;
            }
            tree.remove(d);
        }
        return false;
    }

    public boolean reduces() {
        return reduce;
    }

    public long maxSteps() {
        return maxSteps;
    }

    /** Complete executions explored (one per equivalence class, with reduction). */
    public int executions() {
        return executions;
    }

    /** Executions given up because every enabled thread was asleep (source sets allow a few). */
    public int blocked() {
        return blocked;
    }

    /** Whether the preemption bound left a choice untried. */
    public boolean boundHit() {
        return boundHit;
    }

    /**
     * Why the space explored is not the program's whole space, though no choice was left untried
     * (null: it is): an execution stopped at the step bound, a re-run that did not repeat its
     * prefix, or threads the scheduler did not start, whose timing it does not control.
     */
    public String incomplete() {
        return nondeterministic ? "the program did not repeat its schedule under the same choices (it is not deterministic)"
                : uncontrolled != null ? "the watchdog let a thread go (" + uncontrolled + "): what followed was the clock's"
                : cutLong ? "an execution reached the step bound (--max-steps) and was cut there"
                : notChoice != null ? notChoice
                : unreachable ? "a race's reversal needed a thread that was not yet at a point there (a pool's thread arriving late)" : boundHit
                ? "the preemption bound left schedules untried" : null;
    }

    /** Whether a re-run took a different path under the same choices (the program is not deterministic). */
    public boolean nondeterministic() {
        return nondeterministic;
    }
}
