package racepipe.dynamic.runtime;

/** Thread.start/join/sleep/yield, and the end of a thread. */
final class ThreadCalls {
    private ThreadCalls() {
    }

    static void start(Thread t) {
        try (LibCalls.State paused = LibCalls.pause()) {
            Recorder r = RT.rec;
            if (r != null) {
                r.start(t);
            }
            Scheduling s = RT.sched;
            if (s == null || !s.starting(t)) {
                t.start();
            }
            if (s != null) {
                s.point();
            }
        }
    }

    /** Thread.join(millis); 0 waits for the end. The recorder takes the edge only from an ended thread. */
    static void join(Thread t, long millis) throws InterruptedException {
        try (LibCalls.State paused = LibCalls.pause()) {
            Scheduling s = RT.sched;
            if (s != null && !s.join(t, millis)) {
                return; // timed: the schedule let the time run out (the time itself is not spent)
            }
            t.join(millis);
            Recorder r = RT.rec;
            if (r != null) {
                r.join(t);
            }
        }
    }

    static void sleep(long millis) throws InterruptedException {
        try (LibCalls.State paused = LibCalls.pause()) {
            Scheduling s = RT.sched;
            if (s != null) {
                s.sleep(millis);
            } else {
                Thread.sleep(millis);
            }
        }
    }

    static void yieldNow() {
        try (LibCalls.State paused = LibCalls.pause()) {
            Scheduling s = RT.sched;
            if (s != null && !s.released()) {
                s.yieldPoint();
            } else {
                Thread.yield(); // a spin loop's yield lets the thread it waits for run
            }
        }
    }

    /**
     * The thread is about to end: the calls it had open are over, the recorder takes its last
     * accesses, and the scheduler hands its turn on.
     */
    static void ended(Thread t) {
        LibCalls.clear();
        try (LibCalls.State paused = LibCalls.pause()) {
            Recorder r = RT.rec;
            if (r != null && t == Thread.currentThread()) {
                r.threadEnd();
            }
            Scheduling s = RT.sched;
            if (s != null) {
                s.threadEnd(t);
            }
        }
    }
}
