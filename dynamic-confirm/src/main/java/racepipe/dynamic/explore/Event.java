package racepipe.dynamic.explore;

import java.util.ArrayList;
import java.util.List;

/**
 * What one thread did between two choice points: the act it was chosen for, then the acts it
 * did on its way to its next point (releases, starts, its end), which no other thread can
 * interleave.
 */
final class Event {
    final int thread;
    final List<Act> acts = new ArrayList<>(2);
    int seq;     // its position among its thread's events, from 1
    int[] clock; // happens-before: the events of each thread it follows (by seq)

    Event(int thread, Act first) {
        this.thread = thread;
        acts.add(first);
    }

    Act first() {
        return acts.get(0);
    }

    /** Whether this event happens before one whose clock is c. */
    boolean before(int[] c) {
        return thread < c.length && c[thread] >= seq;
    }

    boolean dependent(Act a) {
        for (Act b : acts) {
            if (Act.dependent(a, b)) {
                return true;
            }
        }
        return false;
    }
}
