package racepipe.dynamic.explore;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * One execution of the exploration, as the scheduler asks for it: at each choice point it follows
 * the tree's choices while there are any, then opens new nodes, choosing the thread that ran
 * before when it may (no preemption), else the lowest enabled one outside the sleep set. It
 * records what each chosen thread did (its {@link Event}s) for the race analysis. A replay
 * follows a fixed list of choices instead of the tree.
 */
public final class Execution {
    private final Dpor dpor;
    private final int[] script; // a replay's choices; null: the tree's
    final List<Event> events = new ArrayList<>();
    /** At the last choice point with nobody enabled (a deadlock): what each blocked thread was about to do. */
    final List<Event> pending = new ArrayList<>();
    private final List<Integer> choices = new ArrayList<>();
    private int depth;
    private String cut;
    boolean blocked;
    boolean diverged;
    boolean endless;
    /** The watchdog let a thread go (stuck where the scheduler cannot see): what followed was the clock's. */
    String uncontrolled;
    /** Something the schedule decided that is not a choice of the exploration (the first one met). */
    String notChoice;

    Execution(Dpor dpor, int[] script) {
        this.dpor = dpor;
        this.script = script;
        events.add(new Event(0, Act.NONE)); // the main thread runs first, without a choice
    }

    /**
     * The thread to run among those at points ({@code threads}, with what each is about to do),
     * or -1: none is enabled, or the execution stops here ({@link #cut} says why).
     */
    public int choose(List<Waiting> threads) {
        if (cut != null) {
            return -1;
        }
        BitSet enabled = new BitSet();
        Act[] acts = new Act[64];
        for (Waiting w : threads) {
            if (w.thread() >= acts.length) {
                acts = java.util.Arrays.copyOf(acts, w.thread() * 2);
            }
            acts[w.thread()] = w.act();
            if (w.enabled()) {
                enabled.set(w.thread());
            }
        }
        spinning(enabled, acts);
        if (enabled.isEmpty()) {
            pending.clear();
            for (Waiting w : threads) {
                if (w.act().racing()) {
                    pending.add(new Event(w.thread(), w.act()));
                }
            }
            return -1;
        }
        pending.clear();
        if (events.size() > dpor.maxSteps) {
            endless = true;
            return stop("no end within " + dpor.maxSteps + " steps");
        }
        int p = script != null ? scripted(enabled) : fromTree(enabled, acts);
        if (p < 0) {
            return -1;
        }
        depth++;
        choices.add(p);
        events.add(new Event(p, acts[p] == null ? Act.NONE : acts[p]));
        return p;
    }

    /**
     * A thread at a yield whose own event is the last one waits until another thread has done
     * something, unless nobody else can: a spin loop then goes round once per step of the others,
     * and its executions end.
     */
    private void spinning(BitSet enabled, Act[] acts) {
        int last = last().thread;
        if (last < acts.length && acts[last] != null && acts[last].kind() == Act.Kind.YIELD && enabled.get(last)
                && enabled.cardinality() > 1) {
            enabled.clear(last);
        }
        BitSet spins = null;
        for (int t = enabled.nextSetBit(0); t >= 0; t = enabled.nextSetBit(t + 1)) {
            Act a = acts[t];
            if (a != null && a.site() >= 0 && (a.kind() == Act.Kind.VOLATILE_READ || a.kind() == Act.Kind.VOLATILE_WRITE)
                    && rereads(t, a)) {
                if (spins == null) {
                    spins = new BitSet();
                }
                spins.set(t);
            }
        }
        if (spins != null && spins.cardinality() < enabled.cardinality()) {
            enabled.andNot(spins);
        }
    }

    /**
     * The spin rule: thread t is back at the instruction of its last event, which only read the
     * same cell (a volatile or atomic read, a failed compareAndSet), and nobody wrote the cell
     * since: it would read the same value again, so it waits until another thread has acted
     * (when one can). A spin loop (`while (!a.compareAndSet(0, 1))`, test-and-test-and-set)
     * then goes round once per step of the others instead of forever.
     */
    private boolean rereads(int t, Act a) {
        for (int i = events.size() - 1; i > 0; i--) {
            Event e = events.get(i);
            if (e.thread == t) {
                Act f = e.first();
                return f.kind() == Act.Kind.VOLATILE_READ && f.target() == a.target() && f.site() == a.site();
            }
            for (Act b : e.acts) {
                if (b.kind().access() && b.kind().writes() && b.target() == a.target()) {
                    return false;
                }
            }
        }
        return false;
    }

    private static String threads(Act[] acts) {
        StringBuilder sb = new StringBuilder();
        for (int t = 0; t < acts.length; t++) {
            if (acts[t] != null) {
                sb.append(sb.length() == 0 ? "" : ", ").append(t).append(' ').append(acts[t].kind());
            }
        }
        return sb.toString();
    }

    private int scripted(BitSet enabled) {
        if (depth < script.length) {
            if (!enabled.get(script[depth])) {
                diverged = true;
                return stop("the schedule does not fit this program (thread " + script[depth] + " cannot run at choice " + depth + ")");
            }
            return script[depth];
        }
        return preferred(enabled, new BitSet(), last().thread);
    }

    private int fromTree(BitSet enabled, Act[] acts) {
        List<Node> tree = dpor.tree;
        if (depth < tree.size()) {
            Node node = tree.get(depth);
            if (!enabled.get(node.chosen)) {
                diverged = true;
                return stop("the program did not repeat its schedule at choice " + depth + " (thread " + node.chosen
                        + " is not at a point; at points: " + threads(acts) + ", enabled " + enabled + ")");
            }
            return node.chosen;
        }
        Node parent = depth == 0 ? null : tree.get(depth - 1);
        BitSet sleep = parent == null || !dpor.reduce ? new BitSet() : inherited(parent, acts);
        int previous = last().thread;
        Node node = new Node(enabled, sleep, previous, parent == null ? 0 : parent.preemptionsWith(parent.chosen));
        int p = preferred(enabled, sleep, previous);
        if (p < 0) {
            blocked = true;
            return stop("sleep-set blocked"); // every enabled thread would only repeat an explored execution
        }
        node.chosen = p;
        for (int t = 0; t < acts.length; t++) {
            if (acts[t] != null) {
                node.atPoint.set(t);
            }
        }
        if (dpor.reduce) {
            node.backtrack.set(p);
        } else {
            node.backtrack.or(enabled); // brute force: every interleaving
        }
        tree.add(node);
        return p;
    }

    /**
     * The sleep set after the parent's choice: the threads asleep there or tried there before,
     * whose next act does not depend on what the chosen thread just did (the last event).
     */
    private BitSet inherited(Node parent, Act[] acts) {
        BitSet sleep = new BitSet();
        BitSet from = (BitSet) parent.sleep.clone();
        from.or(parent.done);
        Event just = last();
        for (int q = from.nextSetBit(0); q >= 0; q = from.nextSetBit(q + 1)) {
            if (q != just.thread && q < acts.length && acts[q] != null && !just.dependent(acts[q])) {
                sleep.set(q);
            }
        }
        return sleep;
    }

    private static int preferred(BitSet enabled, BitSet sleep, int previous) {
        if (previous >= 0 && enabled.get(previous) && !sleep.get(previous)) {
            return previous;
        }
        BitSet free = (BitSet) enabled.clone();
        free.andNot(sleep);
        return free.nextSetBit(0);
    }

    private int stop(String why) {
        cut = why;
        return -1;
    }

    private Event last() {
        return events.get(events.size() - 1);
    }

    /** The running thread did {@code act} on its way to its next point. */
    public void did(Act act) {
        last().acts.add(act);
    }

    /**
     * Thread t's last event, an atomic update, did not take place (a failed compareAndSet): it
     * only read its cell, so it commutes with other reads, and a retry is a spin's re-read.
     */
    public void updateFailed(int t) {
        Event e = last();
        if (e.thread == t && e.first().kind() == Act.Kind.VOLATILE_WRITE) {
            Act a = e.first();
            e.acts.set(0, new Act(Act.Kind.VOLATILE_READ, a.target(), a.site()));
        }
    }

    public void notChoice(String what) {
        if (notChoice == null) {
            notChoice = what;
        }
    }

    public void lostControl(String why) {
        if (uncontrolled == null) {
            uncontrolled = why;
        }
    }

    /** Why the execution stopped before its end (null: it did not). */
    public String cut() {
        return cut;
    }

    public boolean blocked() {
        return blocked;
    }

    public boolean endless() {
        return endless;
    }

    public int choicesMade() {
        return choices.size();
    }

    /** The choices made, as a replay takes them: runs of one thread, "0*12.1*3". */
    public String schedule() {
        return Schedules.encode(choices);
    }
}
