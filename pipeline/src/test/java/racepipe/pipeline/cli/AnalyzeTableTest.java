package racepipe.pipeline.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import racepipe.pipeline.model.ResultFile;

/** analyze's terminal output on logservice's report: 120 columns, grouped, legend, known and suppressed apart. */
class AnalyzeTableTest {
    static ResultFile logservice() throws Exception {
        try (InputStream in = AnalyzeTableTest.class.getResourceAsStream("/racepipe/pipeline/report/logservice-report.json")) {
            return ResultFile.JSON.readValue(in, ResultFile.class);
        }
    }

    static List<String> printed(ResultFile r) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        AnalyzeTable.print(new PrintStream(o, true, StandardCharsets.UTF_8), r, Path.of("out"));
        return o.toString(StandardCharsets.UTF_8).lines().toList();
    }

    @Test
    void the_table_should_be_ascii_so_that_a_terminal_without_a_utf8_locale_prints_it_as_is() throws Exception {
        assertThat(printed(logservice())).allSatisfy(l -> assertThat(l).matches("\\p{ASCII}*"));
    }

    @Test
    void every_line_but_the_replay_commands_fits_120_columns() throws Exception {
        List<String> lines = printed(logservice());
        assertThat(lines.stream().filter(l -> !l.startsWith("replay "))).allSatisfy(l -> assertThat(l.length()).isLessThanOrEqualTo(120));
        assertThat(lines).anyMatch(l -> l.startsWith("replay LogService.log: ") && l.contains("--seed"));
        assertThat(lines).contains("benchmarks.logservice.LogService.log");
        assertThat(lines).anyMatch(l -> l.startsWith("harmful ")).anyMatch(l -> l.startsWith("unconfirmed "))
                .anyMatch(l -> l.startsWith("predicted by: st static analysis"));
        assertThat(lines).contains("3 races confirmed (1 harmful), 1 unconfirmed of 4 pairs tried");
        assertThat(lines).anyMatch(l -> l.startsWith("  harmful     LogService.java:29 master W ") && l.contains(" NullPointerException "));
    }

    @Test
    void known_and_suppressed_pairs_are_listed_apart_and_not_counted() throws Exception {
        ResultFile r = logservice();
        r.pairs.stream().filter(p -> "harmful".equals(p.verdict)).forEach(p -> p.suppressed = "the log is rebuilt");
        r.pairs.stream().filter(p -> "real".equals(p.verdict)).findFirst().ifPresent(p -> p.baseline = true);
        List<String> lines = printed(r);
        assertThat(lines).contains("known (in the baseline report; not counted): 1", "suppressed (not counted): 1")
                .contains("1 race confirmed, 1 known, 1 suppressed, 1 unconfirmed of 4 pairs tried");
        assertThat(lines).anyMatch(l -> l.startsWith("  harmful ") && l.endsWith("# the log is rebuilt"));
        assertThat(lines.stream().filter(l -> l.startsWith("replay "))).hasSize(1);
    }

    @Test
    void unreached_and_untried_pairs_are_counted_and_a_stop_says_how_many_were_left() throws Exception {
        ResultFile r = logservice();
        r.pairs.stream().filter(p -> "unconfirmed".equals(p.verdict)).forEach(p -> p.verdict = "unreached");
        r.pairs.stream().filter(p -> "real".equals(p.verdict)).findFirst().ifPresent(p -> p.verdict = "untried");
        r.stopped = new ResultFile.Stopped("the budget (1m) ran out", "phase 2", 61.0, 1, 4);
        List<String> lines = printed(r);
        assertThat(lines).contains("2 races confirmed (1 harmful), 0 unconfirmed, 1 unreached of 3 pairs tried; 1 untried")
                .contains("stopped in phase 2 after 61 s: the budget (1m) ran out; 1 of 4 pairs left untried")
                .anyMatch(l -> l.startsWith("unreached: 1 pair "))
                .anyMatch(l -> l.startsWith("untried      the budget"));
        assertThat(lines).allSatisfy(l -> assertThat(l.length()).isLessThanOrEqualTo(l.startsWith("replay ") ? 1000 : 120));
        assertThat(printed(logservice())).noneMatch(l -> l.startsWith("untried ") || l.startsWith("unreached "));
    }

    @Test
    void long_notes_are_wrapped_not_cut() {
        String note = "hang: 2 of 3 Phase 1 runs ended with every thread blocked; missed notification: Thread-0 waits at"
                + " bugs.Main.await(Main.java:10) for a notify on java.lang.Object#1 that no thread is left to send";
        String wrapped = AnalyzeTable.wrap(note, 60);
        assertThat(wrapped.lines()).allSatisfy(l -> assertThat(l.length()).isLessThanOrEqualTo(60)).hasSizeGreaterThan(2);
        assertThat(wrapped.lines().skip(1)).allSatisfy(l -> assertThat(l).startsWith("  "));
        assertThat(String.join(" ", wrapped.lines().map(String::strip).toList())).isEqualTo(note);
        assertThat(AnalyzeTable.wrap("short", 60)).isEqualTo("short");
    }

    @Test
    void a_program_that_never_got_going_gets_no_summary_line() throws Exception {
        ResultFile r = logservice();
        r.pairs.forEach(p -> p.verdict = null);
        r.failure = "the program never got going: NoClassDefFoundError: shoplib/Inventory";
        assertThat(printed(r)).noneMatch(l -> l.contains("confirmed"));
    }
}
