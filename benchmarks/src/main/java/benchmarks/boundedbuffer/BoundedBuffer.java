package benchmarks.boundedbuffer;

/**
 * A bounded buffer on wait/notify. The slots and indices are guarded by the buffer's monitor.
 * close() sets its flag without the monitor and only then takes it to wake the consumers.
 */
final class BoundedBuffer {
    private final Job[] items;
    private int putIndex;
    private int takeIndex;
    private int count;
    private boolean closed;

    BoundedBuffer(int capacity) {
        items = new Job[capacity];
    }

    synchronized void put(Job job) throws InterruptedException {
        while (count == items.length) {
            wait();
        }
        items[putIndex] = job; // @site slotPut
        putIndex = (putIndex + 1) % items.length;
        count++;
        notifyAll();
    }

    /** The next job, or null once the buffer is closed and empty. */
    synchronized Job take() throws InterruptedException {
        while (count == 0 && !closed) { // @site closedRead
            wait();
        }
        if (count == 0) {
            return null;
        }
        Job job = items[takeIndex]; // @site slotTake
        items[takeIndex] = null; // @site slotClear
        takeIndex = (takeIndex + 1) % items.length;
        count--;
        notifyAll();
        return job;
    }

    /** No more puts. The flag is written outside the monitor; the wake-up is under it. */
    void close() {
        closed = true; // @site closedWrite
        synchronized (this) {
            notifyAll();
        }
    }
}
