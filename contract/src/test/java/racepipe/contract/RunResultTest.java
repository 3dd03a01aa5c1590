package racepipe.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunResultTest {
    @Test
    void read_should_give_back_what_write_wrote(@TempDir Path dir) throws Exception {
        RunResult r = new RunResult(Outcome.EXIT, "0123abcd", 2, null, 3,
                List.of(new RunResult.Uncaught("T1", "java.lang.IllegalStateException", "null", "A.f(A.java:1)")),
                List.of(new RunResult.Pair("hb", 0, 1, 5, "main", "Thread-0")),
                List.of(new RunResult.Site(0, "b/Log", "log", "(Ljava/lang/String;)V", 7, "Log.java", 12, "b.Log.buf", true),
                        new RunResult.Site(1, "b/Log", "flush", "()V", 3, "Log.java", 20, "b.Log.buf", false),
                        new RunResult.Site(2, "app/Main", "main", "([Ljava/lang/String;)V", 9, "Main.java", 8,
                                "call dep.Inventory.add", false, List.of(new RunResult.LibraryAccess("dep.Inventory.count",
                                        true, "dep.Inventory.add(Inventory.java:4)")))));
        Path f = dir.resolve("run-0.json");
        r.write(f);
        assertThat(RunResult.read(f)).isEqualTo(r);
        assertThat(r.sites().get(0).key()).isEqualTo("b/Log.log(Ljava/lang/String;)V@7");
    }

    @Test
    void read_should_give_back_a_runs_candidates_of_other_kinds(@TempDir Path dir) throws Exception {
        RunResult r = new RunResult(Outcome.OK, "x", 0, null, null, List.of(), List.of(),
                List.of(new RunResult.Site(0, "b/Log", "log", "()V", 7, "Log.java", 12, "lock", false)), List.of(),
                List.of(new RunResult.Candidate("deadlock", "igoodlock", List.of(0, 0, 0, 0), List.of("T1", "T2"),
                        List.of("b.Log#1", "b.Log#2"), List.of("b.Log.log(Log.java:12)", "b.Log.log(Log.java:12)"))));
        Path f = dir.resolve("run-0.json");
        r.write(f);
        assertThat(RunResult.read(f)).isEqualTo(r);
        assertThat(CandidateKind.of("deadlock")).isEqualTo(CandidateKind.LOCK_CYCLE);
    }

    @Test
    void read_should_fail_with_an_io_error_on_a_cut_file(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("run-0.json");
        Files.writeString(f, "{\"outcome\":\"ok\",\"pairs\":[");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> RunResult.read(f)).isInstanceOf(java.io.IOException.class);
    }
}
