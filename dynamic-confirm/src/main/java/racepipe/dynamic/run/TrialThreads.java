package racepipe.dynamic.run;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import racepipe.dynamic.runtime.Carriers;

/**
 * The threads of one trial, to wait for its end: those of its thread group, the program threads
 * that carriers run, and the threads made on a carrier during the trial (a pool's workers land
 * in the carriers' group: a thread takes its maker's group).
 */
final class TrialThreads {
    private final ThreadGroup group;
    private final Set<Thread> before = Collections.newSetFromMap(new IdentityHashMap<>());

    TrialThreads(ThreadGroup group) {
        this.group = group;
        before.addAll(Carriers.strays()); // an earlier trial's (left parked as idle pools)
    }

    /** The trial's live threads, not daemons: its group's, those made on carriers since it began. */
    private List<Thread> live() {
        List<Thread> out = new ArrayList<>();
        Thread[] all = new Thread[group.activeCount() + 4];
        int n = group.enumerate(all);
        for (int i = 0; i < n; i++) {
            out.add(all[i]);
        }
        for (Thread t : Carriers.strays()) {
            if (!before.contains(t)) {
                out.add(t);
            }
        }
        out.removeIf(t -> !t.isAlive() || t.isDaemon());
        return out;
    }

    private static List<Thread> carried() {
        List<Thread> out = Carriers.running();
        out.removeIf(Thread::isDaemon);
        return out;
    }

    /** Waits until main and every thread it started have ended, or the deadline passes. */
    boolean await(Thread main, long deadlineNanos) throws InterruptedException {
        while (true) {
            long left = deadlineNanos - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            List<Thread> live = live();
            if (live.isEmpty() && !Carriers.isAlive(main)) {
                if (carried().isEmpty()) {
                    return true;
                }
                Carriers.awaitAnEnd(deadlineNanos);
                continue;
            }
            if (live.isEmpty() && !main.isAlive()) {
                Carriers.awaitAnEnd(deadlineNanos); // main runs on a carrier
            } else {
                (live.isEmpty() ? main : live.get(0)).join(Math.max(1, left / 1_000_000));
            }
        }
    }

    /**
     * After an abandoned trial: whether every thread left is a pool's, parked in the JDK between
     * tasks (a worker of a pool the program never shut down): nothing will hand it a task again,
     * so it is left parked (with its class loader) and the exploration goes on (a leak of one
     * thread per abandoned execution; Phase 2's workers, which run thousands of trials, are
     * replaced instead). A program thread still on a carrier is no pool's.
     */
    boolean onlyIdlePools(Thread main) {
        if (Carriers.isAlive(main) || !carried().isEmpty()) {
            return false;
        }
        for (Thread t : live()) {
            Thread.State st = t.getState();
            StackTraceElement[] frames = t.getStackTrace();
            boolean parkedInJdk = (st == Thread.State.WAITING || st == Thread.State.TIMED_WAITING) && frames.length > 0;
            for (StackTraceElement f : frames) {
                String c = f.getClassName();
                if (!(c.startsWith("java.") || c.startsWith("jdk.") || c.startsWith("sun.") || c.startsWith("racepipe."))) {
                    parkedInJdk = false; // the program's own code is on its stack: not a pool between tasks
                    break;
                }
            }
            if (!parkedInJdk) {
                return false;
            }
        }
        return true;
    }
}
