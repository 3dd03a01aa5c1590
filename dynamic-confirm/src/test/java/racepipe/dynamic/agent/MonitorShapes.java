package racepipe.dynamic.agent;

/**
 * The synchronized shapes javac emits that put a branch target or a copied finally at the
 * edges of a monitor's protected range (issue: a guarded wait left its class uninstrumented).
 * MonitorShapesTest instruments this class, verifies it and runs each method.
 */
class MonitorShapes {
    final Object lock = new Object();
    final Object inner = new Object();
    volatile boolean ready = true;
    int mode;
    int data;

    void guardedWait() throws InterruptedException {
        synchronized (lock) {
            while (!ready) {
                lock.wait();
            }
        }
        data++;
    }

    void doWhileFirst() throws InterruptedException {
        synchronized (lock) {
            do {
                lock.wait(1);
            } while (!ready);
        }
        data++;
    }

    void switchFirst() throws InterruptedException {
        synchronized (lock) {
            switch (mode) {
                case 0 -> lock.wait(1);
                case 1 -> data++;
                default -> { }
            }
        }
    }

    int tryFinallyReturn() throws InterruptedException {
        synchronized (lock) {
            try {
                if (ready) {
                    return data;
                }
                lock.wait(1);
            } finally {
                mode++;
            }
        }
        return -1;
    }

    void nestedLoops() throws InterruptedException {
        synchronized (lock) {
            for (int i = 0; i < 2; i++) {
                synchronized (inner) {
                    while (mode < 0) {
                        inner.wait();
                    }
                    data++;
                }
            }
        }
    }

    synchronized void synchronizedLoop() {
        for (int i = 0; i < 3; i++) {
            mode += i;
        }
    }

    synchronized int synchronizedWhileTrue() {
        while (true) {
            if (++data > 3) {
                return data;
            }
        }
    }

    void tryCatchInside() {
        synchronized (lock) {
            try {
                data = 10 / mode;
            } catch (ArithmeticException e) {
                data = -1;
            }
        }
    }

    void monitorInLoop() {
        for (int i = 0; i < 3; i++) {
            synchronized (lock) {
                if (i == 1) {
                    continue;
                }
                data++;
            }
        }
    }

    void labeledBreakOut() {
        outer:
        for (int i = 0; i < 3; i++) {
            synchronized (lock) {
                for (int j = 0; j < 3; j++) {
                    if (j == i) {
                        break outer;
                    }
                    data++;
                }
            }
        }
    }
}
