package demo;

import racepipe.junit5.RaceTest;

class CounterTest {
    static int hits;
    static final Object lock = new Object();

    @RaceTest
    void racy() throws Exception {
        hits = 0;
        Thread t = new Thread(() -> hits++); // line 12
        t.start();
        hits++; // line 14
        t.join();
    }

    @RaceTest
    void locked() throws Exception {
        hits = 0;
        Thread t = new Thread(() -> { synchronized (lock) { hits++; } });
        t.start();
        synchronized (lock) { hits++; }
        t.join();
    }
}
