package racepipe.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** racepipe analyze on LogService through the CLI: verdicts, exit code, the three report files. */
class AnalyzeCliTest {
    static Path out;
    static Cli.Result first;

    @BeforeAll
    static void analyze() throws Exception {
        out = Files.createTempDirectory("racepipe-analyze");
        first = Cli.run("analyze", Cli.BENCH.toString(), "--entry", "benchmarks.logservice.Main", "--out", out.toString());
    }

    static Map<String, String> verdicts(JsonNode report) {
        Map<String, String> v = new TreeMap<>();
        report.get("pairs").forEach(p -> {
            if (p.has("verdict")) {
                v.put(p.get("key").asText(), p.get("verdict").asText() + " " + p.get("confirm").get("raced").asInt()
                        + " " + p.get("confirm").get("exceptions"));
            }
        });
        return v;
    }

    static String verdictOf(JsonNode report, String variable, int lineA, int lineB) {
        for (JsonNode p : report.get("pairs")) {
            if (p.get("variable").asText().endsWith("." + variable) && p.has("verdict")) {
                int a = p.get("sites").get(0).get("line").asInt(), b = p.get("sites").get(1).get("line").asInt();
                if (Math.min(a, b) == Math.min(lineA, lineB) && Math.max(a, b) == Math.max(lineA, lineB)) {
                    return p.get("verdict").asText();
                }
            }
        }
        return "absent";
    }

    @Test
    void logservice_should_end_with_exit_1_and_the_seed_scorecard() throws Exception {
        assertThat(first.code()).as(first.output()).isEqualTo(1);
        JsonNode r = new ObjectMapper().readTree(out.resolve("report.json").toFile());
        String src = "benchmarks.logservice";
        int m1 = line(src, "m1"), w6 = line(src, "w6"), m5 = line(src, "m5"), w1 = line(src, "w1");
        int m6 = line(src, "m6"), w7 = line(src, "w7"), w8 = line(src, "w8");
        assertThat(verdictOf(r, "log", m6, w8)).isEqualTo("harmful");
        assertThat(verdictOf(r, "log", m6, w7)).isEqualTo("real");
        assertThat(verdictOf(r, "lastActive", m5, w1)).isEqualTo("real");
        assertThat(verdictOf(r, "cfg", m1, w6)).isEqualTo("unconfirmed");
        assertThat(first.output()).contains("replay").contains("NullPointerException");
    }

    @Test
    void the_same_seed_should_give_the_same_verdicts_and_rates() throws Exception {
        Path again = Files.createTempDirectory("racepipe-analyze");
        Cli.run("analyze", Cli.BENCH.toString(), "--entry", "benchmarks.logservice.Main", "--out", again.toString());
        ObjectMapper m = new ObjectMapper();
        assertThat(verdicts(m.readTree(again.resolve("report.json").toFile())))
                .isEqualTo(verdicts(m.readTree(out.resolve("report.json").toFile())));
    }

    @Test
    void sarif_should_carry_the_required_properties() throws Exception {
        JsonNode s = new ObjectMapper().readTree(out.resolve("report.sarif").toFile());
        assertThat(s.get("version").asText()).isEqualTo("2.1.0");
        assertThat(s.get("$schema").asText()).contains("sarif");
        JsonNode run = s.get("runs").get(0);
        assertThat(run.get("tool").get("driver").get("name").asText()).isEqualTo("racepipe");
        assertThat(run.get("results").size()).isEqualTo(4);
        for (JsonNode res : run.get("results")) {
            assertThat(res.get("message").get("text").asText()).isNotBlank();
            assertThat(res.get("locations").get(0).get("physicalLocation").get("region").get("startLine").asInt()).isPositive();
        }
    }

    @Test
    void report_html_should_render_its_summary_and_diagram_in_chromium() throws Exception {
        Path chromium = Path.of(System.getProperty("racepipe.chromium", "/usr/bin/chromium"));
        assumeTrue(Files.isExecutable(chromium), "chromium not installed");
        Path profile = Files.createTempDirectory("racepipe-chromium");
        Process p = new ProcessBuilder(chromium.toString(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--user-data-dir=" + profile, "--dump-dom", out.resolve("report.html").toUri().toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String dom = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(dom).contains("racepipe report").contains("<svg").contains("harmful").contains("NullPointerException");
    }

    @Test
    void a_program_whose_every_trial_hangs_should_still_end_with_the_outcome_named() throws Exception {
        Path o = Files.createTempDirectory("racepipe-analyze");
        long t0 = System.nanoTime();
        Cli.Result r = Cli.run("analyze", Cli.BENCH.toString(), "--entry", "fixtures.hangsfirst.Main", "--out", o.toString(),
                "--timeout", "2", "--runs", "1", "--predictors", "static,ls");
        long seconds = (System.nanoTime() - t0) / 1_000_000_000L;
        assertThat(r.code()).as(r.output()).isZero();
        JsonNode rep = new ObjectMapper().readTree(o.resolve("report.json").toFile());
        assertThat(seconds).isLessThan(120);
        assertThat(rep.get("pairs").findValues("verdict")).isNotEmpty();
        for (JsonNode pair : rep.get("pairs")) {
            if (pair.has("verdict")) {
                assertThat(pair.get("verdict").asText()).as(r.output()).isEqualTo("unconfirmed");
                assertThat(pair.get("confirm").get("outcomes").get("timeout").asInt()).isPositive();
            }
        }
    }

    @Test
    void a_killed_analyze_should_resume_without_rerunning_finished_trials() throws Exception {
        Path o = Files.createTempDirectory("racepipe-resume");
        Path log = o.resolve("trials.jsonl");
        Process p = new ProcessBuilder(Cli.ROOT.resolve("scripts/racepipe").toString(), "analyze", Cli.BENCH.toString(),
                "--entry", "benchmarks.logservice.Main", "--out", o.toString(), "--jobs", "1")
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        long deadline = System.nanoTime() + 120_000_000_000L;
        while (lines(log) < 10 && p.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly().waitFor();
        long before = lines(log);
        assertThat(before).isGreaterThanOrEqualTo(10L);
        Cli.Result r = Cli.run("analyze", Cli.BENCH.toString(), "--entry", "benchmarks.logservice.Main", "--resume", o.toString(),
                "--jobs", "1");
        assertThat(r.code()).as(r.output()).isEqualTo(1);
        java.util.Set<String> seen = new java.util.HashSet<>();
        ObjectMapper m = new ObjectMapper();
        for (String l : Files.readAllLines(log)) {
            JsonNode e = m.readTree(l);
            assertThat(seen.add(e.get("pair").asText() + "@" + e.get("trial").get("seed").asText())).as("trial run twice").isTrue();
        }
        JsonNode rep = m.readTree(o.resolve("report.json").toFile());
        // every trial a verdict rests on ran once, in one session or the other; none beyond the stopping rule
        int used = 0;
        for (JsonNode pair : rep.get("pairs")) {
            used += pair.has("confirm") ? pair.get("confirm").get("trials").asInt() : 0;
        }
        assertThat(seen.stream().filter(k -> !k.contains("#native"))).hasSize(used);
        // P1 never races, but happens-before orders it in every run: no random-scheduler trials for it
        assertThat(seen.stream().filter(k -> k.contains("#random"))).isEmpty();
        String src = "benchmarks.logservice";
        assertThat(verdictOf(rep, "log", line(src, "m6"), line(src, "w8"))).isEqualTo("harmful");
        // P1 is static's only (start orders it): 20 trials, or 2 probes when no plain trial brought it to one address
        assertThat(verdictOf(rep, "cfg", line(src, "m1"), line(src, "w6"))).isIn("unconfirmed", "unreached");
    }

    static long lines(Path f) throws java.io.IOException {
        return Files.exists(f) ? Files.readAllLines(f).size() : 0;
    }

    @Test
    void bad_input_should_get_one_line_and_exit_2() throws Exception {
        Cli.Result r = Cli.run("analyze", "/no/such.jar", "--entry", "X");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.output().strip()).contains("no such jar").doesNotContain("\n");
    }

    static int line(String pkg, String label) throws Exception {
        return Integer.parseInt(ConfirmCliTest.label(pkg, "LogService.java", label).split(":")[1]);
    }
}
