package racepipe.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** analyze stopped early (a signal, the budget) still reports, and --resume continues it. */
class AnalyzeStopCliTest {
    static final ObjectMapper JSON = new ObjectMapper();

    /**
     * fixtures.hangs never ends: its first dynamic run (seeded) is killed for time and keeps its
     * pairs, the second runs under the JVM's scheduling and is killed too, the third is skipped
     * (it would time out too), and every trial hangs; SIGTERM in Phase 2 kills the workers and
     * leaves the three reports.
     */
    @Test
    void sigterm_should_leave_a_report_and_no_child_jvm() throws Exception {
        Path o = Files.createTempDirectory("racepipe-term");
        Path log = o.resolve("terminal.txt");
        Process p = new ProcessBuilder(Cli.ROOT.resolve("scripts/racepipe").toString(), "analyze", Cli.BENCH.toString(),
                "--entry", "fixtures.hangs.Main", "--out", o.toString(), "--runs", "3", "--timeout", "3")
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        long deadline = System.nanoTime() + 90_000_000_000L;
        while (!Files.exists(o.resolve("phase1.json")) && p.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        Thread.sleep(1500); // into the first trials, which hang
        List<ProcessHandle> children = p.descendants().toList();
        assertThat(children).as("worker JVMs running").isNotEmpty();
        p.destroy(); // SIGTERM
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("analyze ended after SIGTERM").isTrue();
        String out = Files.readString(log, StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(out).isEqualTo(143);
        Thread.sleep(500);
        assertThat(children.stream().filter(ProcessHandle::isAlive)).as("child JVMs left running").isEmpty();
        JsonNode r = JSON.readTree(o.resolve("report.json").toFile());
        assertThat(Files.size(o.resolve("report.html"))).isGreaterThan(2000);
        assertThat(JSON.readTree(o.resolve("report.sarif").toFile()).at("/runs/0/invocations/0/executionSuccessful").asBoolean(true))
                .isFalse();
        assertThat(r.at("/stopped/why").asText()).contains("SIGTERM");
        assertThat(r.at("/stopped/phase").asText()).isEqualTo("phase 2");
        assertThat(out).contains("2 of 2 runs timed out after 3 s").contains("1 of 2 runs ran under the JVM's scheduling")
                .contains("1 more run skipped").contains("pairs left untried").contains("--resume " + o);
        // the runs killed for time kept what their detectors saw; the second had no seed
        assertThat(r.at("/runs/0/outcome").asText()).isEqualTo("timeout");
        assertThat(r.at("/runs/0/seed").isNumber()).isTrue();
        assertThat(r.at("/runs/1/outcome").asText()).isEqualTo("timeout");
        assertThat(r.at("/runs/1/seed").isMissingNode()).isTrue();
        assertThat(r.get("pairs").findValues("hb")).isNotEmpty();
        assertThat(r.get("pairs").findValuesAsText("verdict")).contains("untried");
        assertThat(Files.readString(o.resolve("report.html"))).contains("2 of 2 runs timed out after 3 s").contains("1 more run skipped");
    }

    /**
     * A budget too short for Phase 1: every candidate untried, exit 0; --resume finishes the job,
     * and its report counts both sessions' time.
     */
    @Test
    void a_budget_should_leave_untried_pairs_and_resume_should_add_the_phase_times() throws Exception {
        Path o = Files.createTempDirectory("racepipe-budget");
        Cli.Result first = Cli.run("analyze", Cli.BENCH.toString(), "--entry", "benchmarks.logservice.Main", "--out", o.toString(),
                "--budget", "1s"); // 2 s let the whole analysis end on a fast machine (2.0-2.2 s on JDK 25 here)
        JsonNode r1 = first.json();
        // where 1 s ends depends on the machine (a quiet one reaches Phase 2): what holds either way
        assertThat(r1.at("/stopped/why").asText()).contains("budget (1s)");
        assertThat(first.output()).contains("stopped in phase").contains("--resume " + o);
        List<String> verdicts = r1.get("pairs").findValuesAsText("verdict");
        if (verdicts.isEmpty()) { // a loaded machine: 1 s ended before a dynamic run did
            assertThat(r1.at("/stopped/phase").asText()).isEqualTo("phase 1");
        } else {
            assertThat(verdicts).as("pairs left for the resume").contains("untried");
        }
        boolean confirmed = verdicts.contains("real") || verdicts.contains("harmful");
        assertThat(first.code()).as(first.output()).isEqualTo(confirmed ? 1 : 0);
        JsonNode phases1 = JSON.readTree(o.resolve("phases.json").toFile());
        assertThat(phases1.get("sessions").asInt()).isEqualTo(1);

        Cli.Result second = Cli.run("analyze", Cli.BENCH.toString(), "--entry", "benchmarks.logservice.Main", "--resume", o.toString());
        assertThat(second.code()).as(second.output()).isEqualTo(1);
        JsonNode s = second.json().get("summary");
        assertThat(second.json().has("stopped")).isFalse();
        assertThat(s.get("sessions").asInt()).isEqualTo(2);
        assertThat(s.get("wall").asDouble()).isGreaterThan(phases1.get("wall").asDouble());
        phases1.get("phases").fields().forEachRemaining(e ->
                assertThat(s.at("/phases/" + e.getKey()).asDouble()).as(e.getKey()).isGreaterThanOrEqualTo(e.getValue().asDouble()));
        assertThat(s.at("/phases/confirm").asDouble()).isPositive();
        assertThat(s.at("/verdicts/untried").asInt()).isZero();
        assertThat(s.at("/verdicts/harmful").asInt()).isEqualTo(1);
    }
}
