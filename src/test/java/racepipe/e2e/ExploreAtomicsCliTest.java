package racepipe.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * explore takes atomics as choices (a CAS race has two winners; three increments are 3! traces),
 * ends spin loops, and is honest about what is no choice: an exploration that met one exits 4
 * with complete false and incompleteBecause.
 */
class ExploreAtomicsCliTest {
    static final String APP = """
            package atoms;
            import java.util.concurrent.ConcurrentLinkedQueue;
            import java.util.concurrent.atomic.AtomicBoolean;
            import java.util.concurrent.atomic.AtomicInteger;
            public class Main {
                public static void main(String[] args) throws Exception {
                    AtomicInteger a = new AtomicInteger();
                    AtomicBoolean lock = new AtomicBoolean();
                    ConcurrentLinkedQueue<Integer> q = new ConcurrentLinkedQueue<>();
                    Thread[] ts = new Thread[args[0].equals("counter") ? 3 : 2];
                    for (int i = 0; i < ts.length; i++) {
                        int me = i + 1;
                        ts[i] = new Thread(() -> {
                            switch (args[0]) {
                                case "winner" -> a.compareAndSet(0, me);
                                case "spin" -> {
                                    while (!lock.compareAndSet(false, true)) { }
                                    a.set(a.get() + 1);
                                    lock.set(false);
                                }
                                case "queue" -> q.add(me);
                                default -> a.incrementAndGet();
                            }
                        });
                    }
                    for (Thread t : ts) t.start();
                    for (Thread t : ts) t.join();
                    if (args[0].equals("winner") && a.get() != 1) throw new AssertionError("thread " + a.get() + " won");
                    if (args[0].equals("spin") && a.get() != 2) throw new AssertionError("lost " + a.get());
                }
            }
            """;
    static Path app;

    @BeforeAll
    static void build() throws Exception {
        Path dir = Files.createTempDirectory("racepipe-atoms");
        app = UserApp.jar(dir, "atoms", Map.of("atoms/Main.java", APP), List.of(), "atoms.Main");
    }

    @Test
    void the_other_winner_of_a_compare_and_set_is_found() throws Exception {
        Cli.Result r = Cli.run("explore", app.toString(), "--budget", "60s", "--", "winner");
        assertThat(r.code()).as(r.output()).isEqualTo(1);
        assertThat(r.output()).contains("thread 2 won");
        assertThat(r.json().get("executions").asInt()).isEqualTo(2);
    }

    @Test
    void three_increments_are_six_traces_and_a_spin_lock_ends() throws Exception {
        Cli.Result r = Cli.run("explore", app.toString(), "--budget", "60s", "--", "counter");
        assertThat(r.code()).as(r.output()).isEqualTo(0);
        assertThat(r.json().get("executions").asInt()).isEqualTo(6);
        Cli.Result spin = Cli.run("explore", app.toString(), "--budget", "60s", "--", "spin");
        assertThat(spin.code()).as(spin.output()).isEqualTo(0);
        assertThat(spin.json().get("complete").asBoolean()).isTrue();
    }

    @Test
    void two_threads_on_one_concurrent_queue_are_not_complete() throws Exception {
        Cli.Result r = Cli.run("explore", app.toString(), "--budget", "60s", "--", "queue");
        assertThat(r.code()).as(r.output()).isEqualTo(4);
        assertThat(r.json().get("complete").asBoolean()).isFalse();
        assertThat(r.json().get("incompleteBecause").asText()).contains("ConcurrentLinkedQueue");
        assertThat(r.output()).contains("not complete: two threads updated one ConcurrentLinkedQueue");
    }
}
