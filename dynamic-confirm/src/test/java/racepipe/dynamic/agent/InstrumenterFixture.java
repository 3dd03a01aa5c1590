package racepipe.dynamic.agent;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.Lock;

/** A real compiled class for MethodInstrumenterTest: one scenario a method. */
class InstrumenterFixture {
    int count;
    static long total;
    volatile boolean ready;
    final Object lock = new Object();
    final List<String> names = new ArrayList<>();

    void fields() {
        count = count + 1;
    }

    static void statics() {
        total++;
    }

    static void arrays(int[] a) {
        a[0] = a[1];
    }

    void volatiles() {
        ready = !ready;
    }

    void monitor() {
        synchronized (lock) {
            count = 1;
        }
    }

    synchronized void synchronizedMethod() {
        count = 2;
    }

    static void threads(Thread t) throws InterruptedException {
        t.start();
        t.join();
    }

    void waitNotify() throws InterruptedException {
        synchronized (lock) {
            lock.wait(1);
            lock.notifyAll();
        }
    }

    void library() {
        names.add("x");
    }

    void locks(Lock l) {
        l.lock();
        l.unlock();
    }
}
