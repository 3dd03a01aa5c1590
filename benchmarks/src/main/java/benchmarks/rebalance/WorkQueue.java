package benchmarks.rebalance;

import java.util.ArrayDeque;
import java.util.Deque;

/** One worker's queue of jobs (job sizes), guarded by the queue's monitor. */
final class WorkQueue {
    final String name;
    private final Deque<Integer> jobs = new ArrayDeque<>();
    private long work; // the sum of the queued sizes

    WorkQueue(String name) {
        this.name = name;
    }

    synchronized void push(int size) {
        jobs.addLast(size);
        work += size;
    }

    /** The next job's size, or -1 when the queue is empty. */
    synchronized int poll() {
        Integer j = jobs.pollFirst();
        if (j == null) {
            return -1;
        }
        work -= j;
        return j;
    }

    /** Callers hold this monitor: the job at the tail, or -1. */
    int stealTail() {
        Integer j = jobs.pollLast();
        if (j == null) {
            return -1;
        }
        work -= j;
        return j;
    }

    /** Callers hold this monitor. */
    long load() {
        return work;
    }

    synchronized int size() {
        return jobs.size();
    }
}
