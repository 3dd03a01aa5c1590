package racepipe.pipeline.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import racepipe.pipeline.model.Program;
import racepipe.pipeline.model.Confirm;
import racepipe.contract.TrialResult;
import racepipe.contract.Outcome;
import racepipe.pipeline.model.RacePair;
import racepipe.pipeline.model.ResultFile;
import racepipe.pipeline.model.SiteInfo;

class HtmlReportTest {
    @TempDir
    Path tmp;

    @Test
    void shows_why_no_verdict_holds_phase_1_timeouts_the_flags_and_the_legend() throws Exception {
        ResultFile r = Fixture.logservice();
        r.failure = "the program never got going: NoClassDefFoundError: shoplib/Inventory";
        r.options.put("timeout", 10);
        r.runs = List.of(new racepipe.pipeline.model.DetectRun(0, 1L, Outcome.TIMEOUT, null, null, null, Map.of()));
        r.pairs.get(0).suppressed = "the log is rebuilt";
        r.pairs.get(1).baseline = true;
        String html = HtmlReport.render(r);
        assertThat(html).contains("<div class=\"card failure\">the program never got going: NoClassDefFoundError: shoplib/Inventory")
                .contains("1 of 1 run timed out after 10 s").contains("suppressed: the log is rebuilt").contains(">known</span>")
                .contains("<dt>unconfirmed</dt>").contains("<dt>Eraser</dt>");
    }

    @Test
    void a_stopped_analyze_says_so_and_lists_unreached_and_untried_pairs_apart() throws Exception {
        ResultFile r = Fixture.logservice();
        r.pairs.get(0).verdict = "unreached";
        r.pairs.get(0).tier = "unseen";
        r.pairs.get(1).verdict = "untried";
        r.stopped = new ResultFile.Stopped("interrupted (SIGINT/SIGTERM)", "phase 2", 12.5, 1, 4);
        r.summary = new racepipe.pipeline.model.Summary(null, null, null, Map.of("static", 3.0, "dynamic", 2.0, "confirm", 9.0),
                11.0, 2);
        String html = HtmlReport.render(r);
        assertThat(html).contains("<div class=\"card stopped\"><b>Stopped</b> in phase 2")
                .contains("interrupted (SIGINT/SIGTERM)").contains("1 of 4 candidates left untried")
                .contains("id=\"unreached\"><h2>1 unreached pair</h2>").contains("id=\"untried\"><h2>1 untried pair</h2>")
                .contains("<dt>untried</dt>").contains("wall · 2 sessions");
        // the two listed pairs get no section of their own
        assertThat(html.split("<section class=\"pair ", -1)).hasSize(3);
    }

    @Test
    void shows_the_summary_the_diagram_and_every_pair() throws Exception {
        Path f = tmp.resolve("out/report.html");
        HtmlReport.write(Fixture.logservice(), f);
        String html = Files.readString(f);
        assertThat(html).startsWith("<!DOCTYPE html>").contains("id=\"summary\"")
                .contains("benchmarks.logservice.Main").contains("<svg").contains("Static").contains("Hybrid")
                .contains("HB");
        assertThat(html).doesNotContain("<link").doesNotContain("src=\"http").doesNotContain("href=\"http");
        for (String label : new String[] {"P1", "P2", "P3", "P4"}) {
            assertThat(html).contains("<span class=\"label\">" + label + "</span>");
        }
        assertThat(html.split("<section class=\"pair ", -1)).hasSize(5);
        assertThat(html).contains("b-harmful").contains("b-real").contains("b-unconfirmed")
                .contains("java.lang.NullPointerException").contains("LogService.java:29")
                .contains("LogService.java:53").contains("racepipe replay").contains("56%");
        // harmful first
        assertThat(html.indexOf("pair v-harmful")).isLessThan(html.indexOf("pair v-real"));
        assertThat(html.indexOf("pair v-real")).isLessThan(html.indexOf("pair v-unconfirmed"));
    }

    @Test
    void escapes_what_comes_from_the_program() throws Exception {
        RacePair p = new RacePair("a.<script>alert(1)</script>",
                new SiteInfo("a/B.m()V@1", "a.B", "m()V", 1, "B.java", 3, "write"),
                new SiteInfo("a/B.n()V@2", "a.B", "n()V", 2, "B.java", 4, "read"));
        p.verdict = "harmful";
        TrialResult.Thrown exc = new TrialResult.Thrown("java.lang.IllegalStateException",
                "<script>alert('x')</script> & \"quoted\"", "T1", "a.B.n(B.java:4) <- <img src=x onerror=alert(1)>", true);
        Confirm confirm = new Confirm();
        confirm.trials = 10;
        confirm.raced = 10;
        confirm.exceptions.put("java.lang.IllegalStateException", 4);
        confirm.examples = new Confirm.Examples(null,
                new TrialResult(7, "racefuzzer", true, Outcome.EXCEPTION, exc, null, null, null, "x", 0, 0, null));
        confirm.replay = "racepipe replay x.jar --entry '<script>' --seed 7";
        p.confirm = confirm;
        ResultFile r = new ResultFile();
        r.program = new Program(null, null, "<script>main</script>", List.of());
        r.pairs.add(p);
        String html = HtmlReport.render(r);
        assertThat(html).doesNotContain("<script>alert").doesNotContain("<script>main").doesNotContain("<img")
                .doesNotContain("'<script>'");
        assertThat(html).contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;quoted&quot;")
                .contains("&lt;img src=x onerror=alert(1)&gt;");
        // the page's own script is the only one
        assertThat(html.split("<script>", -1)).hasSize(2);
    }

    @Test
    void renders_empty_and_partial_results() {
        assertThat(HtmlReport.render(null)).contains("<svg").contains("No candidate pairs");
        ResultFile r = new ResultFile();
        r.pairs.add(new RacePair());
        RacePair bare = new RacePair();
        bare.sites.add(new SiteInfo(null, null, null, 0, null, 0, null));
        bare.confirm = new Confirm();
        bare.confirm.examples = new Confirm.Examples(TrialResult.failed(3, "racefuzzer", Outcome.CRASHED, "odd"), null);
        r.pairs.add(bare);
        r.pairs.add(null);
        String html = HtmlReport.render(r);
        assertThat(html.split("<section class=\"pair ", -1)).hasSize(3);
    }

    @Test
    void groups_the_pairs_under_their_variable_and_shows_the_library_frames_of_a_call() throws Exception {
        ResultFile r = Fixture.logservice();
        RacePair lib = new RacePair("shoplib.Inventory.count",
                new SiteInfo("shop/Main.main()V@3", "shop.Main", "main()V", 3, "Main.java", 12, "write",
                        List.of("shoplib.Inventory.add(Inventory.java:4)")),
                new SiteInfo("shop/Main.run()V@1", "shop.Main", "run()V", 1, "Main.java", 8, "write",
                        List.of("shoplib.Inventory.add(Inventory.java:4)")));
        lib.verdict = "real";
        r.pairs.add(lib);
        String html = HtmlReport.render(r);
        String log = "<h2 class=\"var\"><code>benchmarks.logservice.LogService.log</code> <span class=\"muted\">2 pairs</span>";
        String inventory = "<h2 class=\"var\"><code>shoplib.Inventory.count</code> <span class=\"muted\">1 pair</span>";
        assertThat(html).contains(log).contains(inventory);
        assertThat(html.split("<h2 class=\"var\">", -1)).hasSize(5); // log, lastActive, cfg, count
        // log's harmful pair comes first, its real one right after, before any other variable's pair
        int logAt = html.indexOf(log);
        int next = html.indexOf("<h2 class=\"var\">", logAt + 1);
        assertThat(html.substring(logAt, next).split("<section class=\"pair ", -1)).hasSize(3);
        assertThat(html).contains("inside the call:</span> <code>shoplib.Inventory.add(Inventory.java:4)</code>");
    }

    @Test
    void venn_counts_pairs_by_exact_predictor_combination() throws Exception {
        String svg = SetDiagram.svg(new PredictorSets(Fixture.logservice()));
        // all four pairs are static and hybrid; three are also HB
        assertThat(svg).contains(">3</text>").contains(">1</text>").contains("3 raced").contains("0 raced");
    }
}
