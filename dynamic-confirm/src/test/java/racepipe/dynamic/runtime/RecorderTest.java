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
    void the_direct_path_should_append_a_null_array_and_the_hand_over_drop_it() {
        int site = Sites.register("t/Rec", "nul", "()V", 5, "Rec.java", 30, "int[]", true, -1);
        Control.record(List.of("ls", "hb"));
        try {
            Accesses.element(new int[4], 0, site, true); // the thread's first access makes its list
            Accesses.element(null, 3, site, true);       // appended without a look (the access throws)
            assertThat(RT.rec.pendingHere()).isEqualTo(2);
            RunResult done = RT.rec.complete(new RunResult(Outcome.of(false, false, false, true), null, 0, null, null,
                    List.of(), List.of(), List.of()));
            assertThat(done.pairs()).isEmpty();
        } finally {
            Control.stopRecording();
        }
    }

    @Test
    void a_repeat_should_be_dropped_within_a_list_once_the_filter_is_on_and_never_across_a_hand_over() {
        int field = Sites.field("t/Rec", "z");
        int w = Sites.register("t/Rec", "w3", "()V", 3, "Rec.java", 40, "t.Rec.z", true, field);
        int r = Sites.register("t/Rec", "r3", "()V", 5, "Rec.java", 41, "t.Rec.z", false, field);
        int e = Sites.register("t/Rec", "e3", "()V", 7, "Rec.java", 42, "int[]", true, -1);
        Recorder rec = new Recorder(List.of("eraser", "hb"), 0);
        Object target = new Object(), other = new Object(), lock = new Object();
        int[] array = new int[4];
        assertThat(rec.appendField(target, w, true)).isFalse(); // no list yet: the slow way makes it
        rec.field(target, w, true);
        rec.appendField(target, w, true);
        assertThat(rec.pendingHere()).isEqualTo(2); // the filter is off before the first hand-over
        rec.acquire(lock, true);                    // a hand-over: the filter goes on
        rec.appendField(target, w, true);
        rec.appendField(target, w, true);           // dropped
        rec.appendField(target, r, false);          // another site
        rec.appendField(other, w, true);            // another object
        rec.element(array, 1, e, true);             // the site's first access (the slow way opens its run)
        rec.appendElement(array, 1, e, true);       // dropped
        rec.appendElement(array, 2, e, true);       // another cell
        assertThat(rec.pendingHere()).isEqualTo(5);
        rec.release(lock, true);                    // a hand-over: the list is forgotten
        rec.appendField(target, w, true);
        rec.appendElement(array, 1, e, true);
        assertThat(rec.pendingHere()).isEqualTo(2);
    }

    @Test
    void a_loops_accesses_from_one_site_should_be_one_record_and_reach_the_detectors_as_many() {
        int w = Sites.register("t/Rec", "run", "()V", 3, "Rec.java", 60, "int[]", true, -1);
        int x = Sites.register("t/Rec", "run", "()V", 9, "Rec.java", 61, "int[]", true, -1);
        int r = Sites.register("t/Rec", "run", "()V", 15, "Rec.java", 62, "int[]", false, -1);
        Recorder rec = new Recorder(List.of("ls", "eraser", "hybrid", "hb"));
        int[] array = new int[8], other = new int[8];
        rec.element(array, 6, w, true);               // the slow way makes the list
        for (int i = 4; i >= 0; i -= 2) {
            assertThat(rec.appendElement(array, i, w, true)).isTrue(); // 6, 4, 2, 0: one run, step -2
        }
        rec.appendElement(array, 0, w, true);         // not the run's next: a record of its own
        rec.appendElement(other, 1, w, true);         // another array: a new run...
        rec.appendElement(other, 1, w, true);         // ...whose one access repeats: dropped
        assertThat(rec.appendElement(array, 1, x, true)).isFalse(); // the site's first access takes the slow way...
        rec.element(array, 1, x, true);               // ...which opens its run: another site, interleaved
        rec.appendElement(array, 3, x, true);
        rec.appendElement(array, 11, x, true);        // not the next (5): past the end, it threw
        assertThat(rec.recordsHere()).isEqualTo(5);
        assertThat(rec.pendingHere()).isEqualTo(9);
        Thread other2 = new Thread(() -> { // another thread, unordered with the first: a race on each cell it reads
            rec.element(array, 2, r, false);
            rec.element(array, 3, r, false);
        }, "T2");
        other2.start();
        try {
            other2.join();
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
        RunResult done = rec.complete(new RunResult(Outcome.of(false, false, false, true), null, 0, null, null,
                List.of(), List.of(), List.of()));
        assertThat(done.outcome()).isEqualTo(Outcome.OK); // the detectors failed on nothing (a failure is an exception)
        assertThat(done.exceptions()).isEmpty();
        assertThat(done.pairs()).filteredOn(p -> p.detector().equals("ls") || p.detector().equals("hb"))
                .extracting(p -> p.detector() + " " + (p.siteA() == Math.min(w, r) ? "w" : "x") + " " + p.events())
                .containsExactlyInAnyOrder("ls w 1", "hb w 1", "ls x 1", "hb x 1"); // cell 2 (w's run), cell 3 (x's)
    }

    @Test
    void a_list_whose_runs_hold_many_accesses_should_be_handed_over() {
        int w = Sites.register("t/Rec", "long", "()V", 3, "Rec.java", 70, "int[]", true, -1);
        Recorder rec = new Recorder(List.of("hb"));
        int[] array = new int[1 << 18];
        rec.element(array, 0, w, true);
        int i = 1;
        while (rec.appendElement(array, i, w, true)) { // one long run: it ends at its cap, and the list...
            i++;
        }
        assertThat(i).isGreaterThan(1 << 16);              // ...takes the slow way once it holds enough
        assertThat(rec.recordsHere()).isGreaterThan(1);
        rec.element(array, i, w, true);                   // which hands it over
        assertThat(rec.pendingHere()).isEqualTo(1);
    }

    @Test
    void lockset_alone_should_move_a_crowded_cell_to_a_shadow_of_its_own() {
        Recorder rec = new Recorder(List.of("ls"));
        int[] array = new int[2];
        for (int i = 0; i < 12; i++) { // twelve sites: more entries than a cell has room for
            int site = Sites.register("t/Rec", "c" + i, "()V", i, "Rec.java", 50 + i, "int[]", i % 2 == 0, -1);
            rec.element(array, 0, site, i % 2 == 0);
        }
        RunResult done = rec.complete(new RunResult(Outcome.of(false, false, false, true), null, 0, null, null,
                List.of(), List.of(), List.of()));
        assertThat(done.pairs()).isEmpty(); // one thread: no pair, and no exception on the way
    }
}
