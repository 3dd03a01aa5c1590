package racepipe.dynamic.sched;

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
    java.util.concurrent.locks.Lock realLock; // a Condition wait: its lock
    java.util.concurrent.locks.Condition condition;
    // JOIN
    SchedThread joinTarget;

    SchedThread(Thread thread, int index) {
        this.thread = thread;
        this.index = index;
    }

    String name() {
        return thread.getName();
    }
}
