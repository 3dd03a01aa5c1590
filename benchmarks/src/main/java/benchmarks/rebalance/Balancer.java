package benchmarks.rebalance;

/**
 * Moves jobs from a loaded queue to a lighter one. A move holds both queues, the source first:
 * two moves in opposite directions would take them in opposite orders. Every move first takes the
 * balancer's gate, so at most one move runs at a time and the opposite orders can never overlap:
 * a lock cycle that is no deadlock (Goodlock's guard lock).
 */
final class Balancer {
    private final Object gate = new Object();
    private int moved; // guarded by gate

    /** Moves jobs from the tail of from to to until their loads are within slack; the number moved. */
    int move(WorkQueue from, WorkQueue to, long slack) {
        synchronized (gate) { // @lock gate
            int n = 0;
            synchronized (from) { // @lock moveFrom
                synchronized (to) { // @lock moveTo
                    while (from.load() > to.load() + slack) {
                        int j = from.stealTail();
                        if (j < 0) {
                            break;
                        }
                        to.push(j);
                        n++;
                    }
                }
            }
            moved += n;
            return n;
        }
    }

    int moved() {
        synchronized (gate) {
            return moved;
        }
    }
}
