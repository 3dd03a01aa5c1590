package racepipe.dynamic.sched;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.LockSupport;

/** The scheduler's view of one program thread: what it waits to do next, and whether it may. */
final class SchedThread {
    enum Op { START, STEP, ACCESS, ACQUIRE, WAIT, JOIN, ENDED }

    final Thread thread;
    final int index;
    Op op = Op.START;
    volatile boolean granted;     // it may run: it holds the turn
    boolean atPoint = true;       // parked at a scheduling point (a new thread counts as one)
    boolean detached;             // the watchdog let it run free; it rejoins at its next point
    boolean postponed;            // RaceFuzzer: held one step before a racing access
    long postponedAt;             // the turn at which it was postponed
    boolean undecided;            // parked on arrival while another thread ran
    Op pendingOp;                 // what an undecided thread will do

    // ACCESS
    int site;
    Object target;
    int slot;
    boolean write;
    // ACQUIRE and WAIT
    Object lock;
    boolean exclusive;
    int holds;                    // WAIT: monitor holds to restore
    boolean notified;
    boolean timed;
    Object waitObject;            // the monitor or Condition the thread waits on
    Object wokenFrom;             // set when granted out of a wait: what to really wake it from
    Lock realLock;                // a Condition wait: its lock
    Condition condition;
    // JOIN
    SchedThread joinTarget;

    SchedThread(Thread thread, int index) {
        this.thread = thread;
        this.index = index;
    }

    String name() {
        return thread.getName();
    }

    /** Wakes the thread, given the turn: parked at a point, or really waiting on a monitor. */
    void wake() {
        LockSupport.unpark(thread);
        Object monitor = wokenFrom;
        Lock lock = realLock;
        Condition c = condition;
        if (monitor == null) {
            return;
        }
        // The waiter blocks in the real wait() of its monitor or Condition; the lock is free in
        // the model, so taking it here only waits until the waiter is inside wait().
        if (c != null && lock != null) {
            lock.lock();
            try {
                c.signalAll();
            } finally {
                lock.unlock();
            }
        } else {
            synchronized (monitor) {
                monitor.notifyAll();
            }
        }
    }
}
