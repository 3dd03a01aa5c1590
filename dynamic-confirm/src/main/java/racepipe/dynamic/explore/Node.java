package racepipe.dynamic.explore;

import java.util.BitSet;

/**
 * One choice point of the exploration tree (the n-th choice of every execution that shares the
 * choices before it): who could run, who must not (the sleep set it inherits), who is still to
 * be tried (backtrack), who was tried, and who runs in the execution under way.
 */
final class Node {
    final BitSet enabled;
    final BitSet sleep;
    final BitSet backtrack = new BitSet();
    final BitSet done = new BitSet();
    /** The thread that ran before this choice (-1: none); choosing another while it is enabled is a preemption. */
    final int previous;
    final int preemptionsBefore;
    int chosen;
    /** The threads at points here, enabled or not (a pool's thread on its way to one is not). */
    BitSet atPoint = new BitSet();
    /** A race asked for a thread here that was not at a point here: a reversal the exploration cannot try. */
    boolean unreachable;

    Node(BitSet enabled, BitSet sleep, int previous, int preemptionsBefore) {
        this.enabled = enabled;
        this.sleep = sleep;
        this.previous = previous;
        this.preemptionsBefore = preemptionsBefore;
    }

    /** Preemptions up to and including this choice, were t chosen. */
    int preemptionsWith(int t) {
        return preemptionsBefore + (previous >= 0 && t != previous && enabled.get(previous) ? 1 : 0);
    }
}
