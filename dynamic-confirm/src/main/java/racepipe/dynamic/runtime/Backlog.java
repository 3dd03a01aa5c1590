package racepipe.dynamic.runtime;

/**
 * The detectors' work not done yet, in the order the recorder took it: threads' lists of
 * accesses and their synchronisation events. A daemon thread works it off (woken once enough
 * waits: {@link #WAKE} accesses or {@link #WAKE_ITEMS} items), so a program thread
 * hands its accesses over without waiting for the detectors: they run beside the program, on
 * another core, and a thread waits only while the backlog is full ({@link #LIMIT} accesses).
 * Whoever needs the detectors up to date (the run's end, a wait, a scheduler's one thread at a
 * time) works off the rest itself. Items are taken and worked off only under the work lock, one
 * at a time, so they reach the detectors in the order they were added.
 */
final class Backlog {
    /** What works off one item. */
    interface Worker {
        void work(Object item);
    }

    static final long LIMIT = 1 << 20; // accesses waiting: a thread that adds more waits for room
    // the worker is woken once this much waits: a program that synchronises often would
    // otherwise pay a wake-up (a system call on each side) per event; what waits below it is
    // worked off by the next wake-up or by whoever needs the detectors up to date
    static final long WAKE = 1 << 14;
    static final int WAKE_ITEMS = 256;
    private final Worker worker;
    private final Object work = new Object(); // held while items are worked off
    private Object[] items = new Object[256];  // a ring: count items from head
    private int[] weights = new int[256];
    private int head;
    private int count;
    private long queued; // the weight of the items waiting
    private boolean started;
    private boolean idle; // the worker waits for enough work
    private Throwable failure;

    Backlog(Worker worker) {
        this.worker = worker;
    }

    /** Adds an item of this weight (its accesses; an event weighs one). */
    synchronized void add(Object item, int weight) {
        if (count == items.length) {
            Object[] moreItems = new Object[2 * count];
            int[] moreWeights = new int[2 * count];
            for (int i = 0; i < count; i++) {
                moreItems[i] = items[(head + i) % count];
                moreWeights[i] = weights[(head + i) % count];
            }
            items = moreItems;
            weights = moreWeights;
            head = 0;
        }
        int at = (head + count) % items.length;
        items[at] = item;
        weights[at] = weight;
        count++;
        queued += weight;
        if (!started) {
            started = true;
            Thread t = new Thread(this::workForever, racepipe.contract.RunResult.DETECTORS);
            t.setDaemon(true);
            t.start();
        }
        if (idle && (queued >= WAKE || count >= WAKE_ITEMS)) {
            idle = false;
            notifyAll();
        }
    }

    /** Waits while the backlog holds more than LIMIT accesses; an interrupt is kept for the program. */
    synchronized void awaitRoom() {
        boolean interrupted = false;
        while (queued > LIMIT) {
            try {
                wait();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Works off every item added so far (and any added meanwhile), then runs {@code then}, in the work lock. */
    void workOff(Runnable then) {
        synchronized (work) {
            workAll();
            if (then != null) {
                then.run();
            }
        }
    }

    /** The first exception the detectors threw on the way (the item is dropped, the rest go on), or null. */
    synchronized Throwable failure() {
        return failure;
    }

    private void workForever() {
        while (true) {
            synchronized (this) {
                while (queued < WAKE && count < WAKE_ITEMS) {
                    idle = true;
                    try {
                        wait();
                    } catch (InterruptedException e) {
                        // nobody interrupts this thread on purpose: go on
                    }
                }
                idle = false;
            }
            synchronized (work) {
                workAll();
            }
        }
    }

    /** The caller holds the work lock. */
    private void workAll() {
        Object item;
        while ((item = next()) != null) {
            try {
                worker.work(item);
            } catch (Throwable t) {
                synchronized (this) {
                    if (failure == null) {
                        failure = t;
                    }
                }
            }
        }
    }

    private synchronized Object next() {
        if (count == 0) {
            return null;
        }
        Object item = items[head];
        items[head] = null;
        queued -= weights[head];
        head = (head + 1) % items.length;
        count--;
        notifyAll(); // room, for awaitRoom
        return item;
    }
}
