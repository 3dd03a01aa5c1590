package racepipe.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The command line itself, run in this JVM: what it prints and its exit code. */
class MainTest {
    record Result(int code, String out, String err) {
    }

    static synchronized Result run(String... args) {
        PrintStream out = System.out, err = System.err;
        ByteArrayOutputStream o = new ByteArrayOutputStream(), e = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(o, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(e, true, StandardCharsets.UTF_8));
            int code = Main.run(args);
            return new Result(code, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
    }

    @Test
    void version_should_print_the_poms_version() {
        Result r = run("--version");
        assertThat(r.code()).isZero();
        assertThat(r.out().strip()).isEqualTo("racepipe " + System.getProperty("racepipe.pomVersion"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "static --engine foo | option '--engine': expected one of [wala, sootup] but was 'foo'",
            "analyze --engine WALA | option '--engine': expected one of [wala, sootup] but was 'WALA'",
            "analyze --predictors static,foo | expected one of [static, hybrid, ls, eraser, hb, shb, wcp, syncp] but was 'foo'",
            "detect --detectors ls,foo | expected one of [ls, eraser, hybrid, hb, shb, wcp, syncp] but was 'foo'",
            "confirm --pair a b --scheduler foo | option '--scheduler': expected one of [racefuzzer, random, native] but was 'foo'",
            "confirm --pair a b --isolation foo | option '--isolation': expected one of [worker, process] but was 'foo'",
            "replay --pair a b --seed 1 --scheduler foo | option '--scheduler': expected one of [racefuzzer, random, native]"})
    void a_bad_choice_should_get_one_line_and_exit_2(String args, String message) {
        List<String> all = new ArrayList<>(List.of(args.split(" ")));
        all.addAll(1, List.of("/no/such.jar", "--entry", "E"));
        Result r = run(all.toArray(String[]::new));
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).startsWith("racepipe: Invalid value for ").contains(message).endsWith("\n");
        assertThat(r.err().strip()).doesNotContain("\n");
    }

    @Test
    void trace_should_run_the_detectors_on_an_std_file(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws java.io.IOException {
        java.nio.file.Path std = dir.resolve("t.std");
        java.nio.file.Files.writeString(std, String.join("\n", "T0|fork(T1)|0", "T0|w(x)|10", "T0|acq(l)|0", "T0|rel(l)|0",
                "T1|acq(l)|0", "T1|r(x)|21", "T1|rel(l)|0", "T1|w(x)|23", "T0|join(T1)|0", ""));
        Result r = run("trace", std.toString(), "--detectors", "hb,wcp,syncp", "--json", dir.resolve("t.json").toString());
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("9 events").contains("hb: 0 pairs").contains("wcp: 2 pairs").contains("syncp: 1 pair");
        assertThat(java.nio.file.Files.readString(dir.resolve("t.json"))).contains("\"syncp\"");
    }

    @Test
    void trace_should_name_a_missing_file_or_a_bad_line_in_one_line(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws java.io.IOException {
        Result missing = run("trace", dir.resolve("none.std").toString());
        assertThat(missing.code()).isEqualTo(2);
        assertThat(missing.err().strip()).contains("no trace file").doesNotContain("\n");
        java.nio.file.Path bad = dir.resolve("bad.std");
        java.nio.file.Files.writeString(bad, "T0|w(x)|1\nT0 writes x\n");
        Result r = run("trace", bad.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().strip()).contains("line 2").doesNotContain("\n");
    }
}
