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
        rec.appendElement(array, 1, e, true);
        rec.appendElement(array, 1, e, true);       // dropped
        rec.appendElement(array, 2, e, true);       // another cell
        assertThat(rec.pendingHere()).isEqualTo(5);
        rec.release(lock, true);                    // a hand-over: the list is forgotten
        rec.appendField(target, w, true);
        rec.appendElement(array, 1, e, true);
        assertThat(rec.pendingHere()).isEqualTo(2);
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
