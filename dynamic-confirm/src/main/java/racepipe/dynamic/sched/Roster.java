package racepipe.dynamic.sched;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/** The program threads the scheduler knows, in the order it first saw them (their index). */
final class Roster {
    private final Map<Thread, SchedThread> byThread = new IdentityHashMap<>();
    private final List<SchedThread> threads = new ArrayList<>();

    SchedThread register(Thread thread) {
        SchedThread t = byThread.get(thread);
        if (t == null) {
            t = new SchedThread(thread, threads.size());
            byThread.put(thread, t);
            threads.add(t);
        }
        return t;
    }

    /** {@code carrier} runs t from now on (runtime Carriers): the hooks it calls are t's. */
    void carry(Thread carrier, SchedThread t) {
        t.runner = carrier;
        byThread.put(carrier, t);
    }

    /** The scheduler's view of a thread, or null when it never saw it. */
    SchedThread get(Thread thread) {
        return byThread.get(thread);
    }

    /** Unparks every known thread: each goes on to see why (the trial aborted, or the schedule let it go). */
    void unparkAll() {
        for (SchedThread t : threads) {
            java.util.concurrent.locks.LockSupport.unpark(t.runner);
        }
    }

    /** Every known thread, in index order (ended ones too). */
    List<SchedThread> all() {
        return threads;
    }
}
