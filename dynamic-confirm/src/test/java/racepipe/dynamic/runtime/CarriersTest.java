package racepipe.dynamic.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** A program thread on a carrier is still itself to the program, and carriers are reused from trial to trial only. */
class CarriersTest {
    private static void awaitEnd(Thread t) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (Carriers.isAlive(t) && System.nanoTime() < deadline) {
            Carriers.awaitAnEnd(deadline);
        }
        assertThat(Carriers.isAlive(t)).isFalse();
    }

    @Test
    void theProgramSeesItsOwnThread() throws Exception {
        Carriers.nextTrial();
        AtomicReference<Thread> seen = new AtomicReference<>();
        AtomicReference<ClassLoader> loader = new AtomicReference<>();
        CountDownLatch go = new CountDownLatch(1);
        Thread t = new Thread(() -> {
            seen.set(RT.currentThread());
            loader.set(Thread.currentThread().getContextClassLoader());
            try {
                go.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }, "worker");
        ClassLoader own = new java.net.URLClassLoader(new java.net.URL[0]);
        t.setContextClassLoader(own);
        assertThat(Carriers.carriable(t)).isTrue();
        Thread carrier = Carriers.take();
        Carriers.run(carrier, t);
        assertThat(Carriers.runner(t)).isSameAs(carrier);
        assertThat(Carriers.isAlive(t)).isTrue();
        assertThat(Carriers.running()).contains(t);
        go.countDown();
        awaitEnd(t);
        assertThat(seen.get()).isSameAs(t);
        assertThat(loader.get()).as("what it makes inherits its loader").isSameAs(own);
        assertThat(Carriers.state(t)).isEqualTo(Thread.State.TERMINATED);
        assertThat(Carriers.runner(t)).isSameAs(t);
        assertThat(t.isAlive()).as("the JVM never started it").isFalse();
    }

    @Test
    void aCarrierRunsOneThreadPerTrial() throws Exception {
        Carriers.nextTrial();
        Thread a = new Thread(() -> { });
        Thread first = Carriers.take();
        Carriers.run(first, a);
        awaitEnd(a);
        assertThat(Carriers.take()).as("its ThreadLocals would leak into the next thread").isNotSameAs(first);
        Carriers.nextTrial();
        Thread again = null;
        for (int i = 0; i < 100 && again != first; i++) {
            again = Carriers.take();
        }
        assertThat(again).as("idle since an earlier trial").isSameAs(first);
        Carriers.nextTrial();
    }

    @Test
    void anUncaughtExceptionGoesToTheThreadsHandler() throws Exception {
        Carriers.nextTrial();
        AtomicReference<Throwable> caught = new AtomicReference<>();
        AtomicReference<Thread> in = new AtomicReference<>();
        Thread t = new Thread(() -> {
            throw new IllegalStateException("boom");
        });
        t.setUncaughtExceptionHandler((th, e) -> {
            in.set(th);
            caught.set(e);
        });
        Carriers.run(Carriers.take(), t);
        awaitEnd(t);
        assertThat(caught.get()).hasMessage("boom");
        assertThat(in.get()).isSameAs(t);
    }

    @Test
    void anInterruptReachesTheCarrierThatWaits() throws Exception {
        Carriers.nextTrial();
        AtomicReference<Boolean> interrupted = new AtomicReference<>(false);
        Thread t = new Thread(() -> {
            try {
                Thread.sleep(10_000);
            } catch (InterruptedException e) {
                interrupted.set(true);
            }
        });
        Carriers.run(Carriers.take(), t);
        RT.interrupt(t);
        awaitEnd(t);
        assertThat(interrupted.get()).isTrue();
    }

    @Test
    void aSubclassWithItsOwnStartIsNotCarried() {
        Thread own = new Thread() {
            @Override
            public synchronized void start() {
                super.start();
            }
        };
        assertThat(Carriers.carriable(own)).isFalse();
        assertThat(Carriers.carriable(new Thread() {
            @Override
            public void run() {
            }
        })).isTrue();
    }
}
