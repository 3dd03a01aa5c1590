package racepipe.dynamic.runtime;

/**
 * Object monitors and wait/notify. The scheduler sees an acquire before the thread blocks in
 * monitorenter and a release after monitorexit; the recorder sees the acquire once it is taken
 * and the release before it is given up, so its order is the real one.
 */
final class Monitors {
    private Monitors() {
    }

    static void enter(Object lock) {
        try (LibCalls.State paused = LibCalls.pause()) {
            Recorder r = RT.rec;
            if (r != null && lock != null) {
                r.request(lock); // a deadlocked run never returns from monitorenter: its lock order is told now
            }
            Scheduling s = RT.sched;
            if (s != null && lock != null) {
                s.acquire(lock, true);
            }
        }
    }

    static void entered(Object lock) {
        try (LibCalls.State paused = LibCalls.pause()) {
            Recorder r = RT.rec;
            if (r != null) {
                r.acquire(lock, true);
            }
        }
    }

    static void exit(Object lock) {
        try (LibCalls.State paused = LibCalls.pause()) {
            Recorder r = RT.rec;
            if (r != null && lock != null) {
                r.release(lock, true);
            }
            Scheduling s = RT.sched;
            if (s != null && lock != null) {
                s.release(lock, true);
            }
        }
    }

    /** Object.wait(millis); 0 waits without a bound. The recorder drops and restores the holds. */
    static void waitOn(Object monitor, long millis) throws InterruptedException {
        try (LibCalls.State paused = LibCalls.pause()) {
            Recorder r = RT.rec;
            int holds = r != null ? r.beforeWait(monitor) : 0;
            try {
                Scheduling s = RT.sched;
                if (s != null) {
                    s.waitOn(monitor, millis);
                } else {
                    monitor.wait(millis);
                }
            } finally {
                if (r != null) {
                    r.afterWait(monitor, monitor, holds);
                }
            }
        }
    }

    static void notifyWaiters(Object monitor, boolean all) {
        try (LibCalls.State paused = LibCalls.pause()) {
            Recorder r = RT.rec;
            if (r != null) {
                r.notifyWaiters(monitor);
            }
            Scheduling s = RT.sched;
            if (s != null) {
                s.notifyWaiters(monitor, all);
            } else if (all) {
                monitor.notifyAll();
            } else {
                monitor.notify();
            }
        }
    }
}
