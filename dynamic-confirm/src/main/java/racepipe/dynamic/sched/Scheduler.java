package racepipe.dynamic.sched;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;

/**
 * Runs the program's threads one at a time; every choice comes from one seeded RNG.
 * (Implementation follows.)
 */
public class Scheduler {
    public void point() {
    }

    public void access(int site, Object target, int slot, boolean write) {
    }

    public boolean acquire(Object lock, boolean exclusive) {
        return true;
    }

    public boolean tryAcquire(Object lock, boolean exclusive) {
        return true;
    }

    public void release(Object lock, boolean exclusive) {
    }

    public void waitOn(Object monitor, long millis) throws InterruptedException {
        monitor.wait(millis);
    }

    public void notifyWaiters(Object monitor, boolean all) {
    }

    public long await(Condition c, Lock lock, Object lockId, long nanos) throws InterruptedException {
        return 0;
    }

    public void signal(Condition c, boolean all) {
    }

    public void starting(Thread t) {
    }

    public void join(Thread t, long millis) {
    }

    public void sleep(long millis) throws InterruptedException {
    }

    public void exit(int status) {
    }

    public void threadEnd(Thread t) {
    }
}
