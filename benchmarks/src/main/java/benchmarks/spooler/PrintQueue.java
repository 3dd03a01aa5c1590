package benchmarks.spooler;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/** A bounded queue on a ReentrantLock with two Conditions; every field is guarded by the lock. */
final class PrintQueue {
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition notEmpty = lock.newCondition();
    private final Condition notFull = lock.newCondition();
    private final PrintJob[] ring;
    private int head;
    private int tail;
    private int count;
    private boolean closed;

    PrintQueue(int capacity) {
        ring = new PrintJob[capacity];
    }

    void put(PrintJob job) throws InterruptedException {
        lock.lock();
        try {
            while (count == ring.length) {
                notFull.await();
            }
            ring[tail] = job; // @site ringPut
            tail = (tail + 1) % ring.length;
            count++;
            notEmpty.signal();
        } finally {
            lock.unlock();
        }
    }

    /** The next job, or null once the queue is closed and drained. */
    PrintJob take() throws InterruptedException {
        lock.lock();
        try {
            while (count == 0 && !closed) {
                notEmpty.await();
            }
            if (count == 0) {
                return null;
            }
            PrintJob job = ring[head]; // @site ringTake
            ring[head] = null;
            head = (head + 1) % ring.length;
            count--;
            notFull.signal();
            return job;
        } finally {
            lock.unlock();
        }
    }

    void close() {
        lock.lock();
        try {
            closed = true;
            notEmpty.signalAll();
        } finally {
            lock.unlock();
        }
    }
}
