package racepipe.pipeline.input;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** racepipe's own failures: one line naming what failed and what to do, the trace in the out folder's log. */
class CrashLogTest {
    @TempDir
    Path dir;

    @AfterEach
    void forget() {
        CrashLog.forget();
    }

    @Test
    void line_should_name_the_part_that_failed_and_what_to_do_and_keep_the_trace_in_the_out_folder() throws Exception {
        CrashLog.useFolder(dir);
        Error engine = new Error("java.nio.file.NoSuchFileException: /x/locale.jar");
        String line = CrashLog.line(new InternalFailure("the static engine (wala) failed", "rerun with --predictors hybrid", engine));

        assertThat(line).startsWith("the static engine (wala) failed: Error: java.nio.file.NoSuchFileException: /x/locale.jar")
                .contains("trace in " + dir.resolve(CrashLog.FILE)).endsWith("; rerun with --predictors hybrid")
                .doesNotContain("\n");
        assertThat(Files.readString(dir.resolve(CrashLog.FILE))).contains("NoSuchFileException").contains("\tat ");
    }

    @Test
    void an_unexpected_failure_should_say_where_it_happened_and_its_deepest_cause() throws Exception {
        IllegalStateException e = new IllegalStateException("wrapped", new java.io.UncheckedIOException(new java.io.IOException("disk full")));
        String line = CrashLog.line(e);

        assertThat(line).startsWith("internal error in CrashLogTest.an_unexpected_failure_should_say_where_it_happened_and_its_deepest_cause:"
                + " IllegalStateException: wrapped <- IOException: disk full").endsWith("; please report it with the log");
        Path log = Path.of(line.replaceAll(".*trace in (\\S+)\\).*", "$1"));
        assertThat(Files.readString(log)).contains("disk full");
        Files.delete(log);
    }
}
