package racepipe.dynamic.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import racepipe.contract.Outcome;
import racepipe.contract.RunResult;

/** The recorder fed by two threads, and the run file it completes (contract RunResult). */
class RecorderTest {
    @Test
    void complete_should_list_each_detectors_pairs_and_the_sites_they_name(@TempDir Path dir) throws Exception {
        int field = Sites.field("t/Rec", "x");
        int w = Sites.register("t/Rec", "w", "()V", 3, "Rec.java", 7, "t.Rec.x", true, field);
        int r = Sites.register("t/Rec", "r", "()V", 9, "Rec.java", 8, "t.Rec.x", false, field);
        Recorder rec = new Recorder(List.of("ls", "hb"));
        Object target = new Object();
        Thread writer = new Thread(() -> rec.field(target, w, true), "W");
        Thread reader = new Thread(() -> rec.field(target, r, false), "R");
        writer.start();
        writer.join();
        reader.start();
        reader.join();
        RunResult ending = new RunResult(Outcome.of(false, false, true, true), "abc", 2, null, null,
                List.of(new RunResult.Uncaught("R", "java.lang.Error", "m", "")), List.of(), List.of());
        RunResult done = rec.complete(ending);
        assertThat(done.outcome()).isEqualTo(Outcome.EXCEPTION);
        assertThat(done.exceptions()).isEqualTo(ending.exceptions());
        assertThat(done.pairs()).containsExactly( // no start edge seen: hb reports it too
                new RunResult.Pair("ls", Math.min(w, r), Math.max(w, r), 1, w < r ? "W" : "R", w < r ? "R" : "W"),
                new RunResult.Pair("hb", Math.min(w, r), Math.max(w, r), 1, w < r ? "W" : "R", w < r ? "R" : "W"));
        assertThat(done.sites()).extracting(RunResult.Site::key)
                .containsExactlyInAnyOrder("t/Rec.w()V@3", "t/Rec.r()V@9");
        Path file = dir.resolve("run.json");
        done.write(file);
        assertThat(RunResult.read(file)).isEqualTo(done);
        assertThat(Files.readString(file)).startsWith("{\"outcome\":\"exception\"");
    }

    @Test
    void an_access_should_wait_in_the_threads_list_without_a_scheduler_and_be_handed_over_at_once_under_one() {
        int field = Sites.field("t/Rec", "y");
        int w = Sites.register("t/Rec", "w2", "()V", 3, "Rec.java", 9, "t.Rec.y", true, field);
        Recorder rec = new Recorder(List.of("eraser"));
        rec.field(new Object(), w, true);
        assertThat(rec.pendingHere()).isEqualTo(1); // the JVM schedules: no lock taken
        Scheduling quiet = (Scheduling) Proxy.newProxyInstance(Scheduling.class.getClassLoader(),
                new Class<?>[] {Scheduling.class}, (proxy, m, args) ->
                        m.getReturnType() == boolean.class ? false : m.getReturnType() == long.class ? 0L : null);
        Control.schedule(quiet);
        try {
            rec.field(new Object(), w, true);
            assertThat(rec.pendingHere()).isZero(); // one thread at a time: the schedule's order
        } finally {
            Control.schedule(null);
        }
    }

    @Test
    void two_threads_handing_over_at_once_should_give_the_pairs_of_their_accesses_to_shared_arrays() throws Exception {
        int w = Sites.register("t/Rec", "grid", "()V", 1, "Rec.java", 20, "double[]", true, -1);
        int r = Sites.register("t/Rec", "grid", "()V", 2, "Rec.java", 21, "double[]", false, -1);
        int w2 = Sites.register("t/Rec", "grid", "()V", 3, "Rec.java", 22, "double[]", true, -1);
        int own = Sites.register("t/Rec", "grid", "()V", 4, "Rec.java", 23, "double[]", true, -1);
        for (int round = 0; round < 5; round++) {
            Recorder rec = new Recorder(List.of("ls", "eraser", "hybrid", "hb"));
            double[][] rows = new double[8][64];
            double[][] mine = {new double[64], new double[64]}; // each thread's own: no pair
            java.util.concurrent.CyclicBarrier go = new java.util.concurrent.CyclicBarrier(2);
            Runnable a = () -> sweep(rec, go, rows, mine[0], w, w, own);
            Runnable b = () -> sweep(rec, go, rows, mine[1], r, w2, own);
            Thread ta = new Thread(a, "A");
            Thread tb = new Thread(b, "B");
            ta.start();
            tb.start();
            ta.join();
            tb.join();
            RunResult done = rec.complete(new RunResult(Outcome.of(false, false, false, true), null, 0, null, null,
                    List.of(), List.of(), List.of()));
            List<String> expected = List.of(Math.min(w, r) + "-" + Math.max(w, r), Math.min(w, w2) + "-" + Math.max(w, w2));
            for (String d : List.of("ls", "hybrid", "hb")) { // no start edge seen: all concurrent, in any order
                assertThat(keys(done, d)).as(d).containsExactlyInAnyOrderElementsOf(expected);
            }
            assertThat(expected).containsAll(keys(done, "eraser")); // Eraser's state machine depends on the order
        }
    }

    private static List<String> keys(RunResult done, String detector) {
        return done.pairs().stream().filter(p -> p.detector().equals(detector))
                .map(p -> Math.min(p.siteA(), p.siteB()) + "-" + Math.max(p.siteA(), p.siteB())).toList();
    }

    /** Many lists' worth of accesses (each list hands over at 4096) to shared rows and an own array. */
    private static void sweep(Recorder rec, java.util.concurrent.CyclicBarrier go, double[][] rows, double[] own,
            int first, int second, int ownSite) {
        try {
            go.await();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
        for (int it = 0; it < 20; it++) {
            for (double[] row : rows) {
                for (int i = 0; i < row.length; i++) {
                    rec.element(row, i, first, first == second);
                    rec.element(row, i, second, true);
                    rec.element(own, i, ownSite, true);
                }
            }
        }
        rec.threadEnd();
    }
}
