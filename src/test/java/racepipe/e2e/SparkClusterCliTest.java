package racepipe.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * scripts/spark-cluster's standalone cluster (a master, two workers on 127.0.0.1) running one small
 * bench as Spark tasks: LogService's verdicts as the local bench gives them, nothing left after stop.
 */
class SparkClusterCliTest {
    private static final Path SCRIPT = Cli.ROOT.resolve("scripts/spark-cluster");

    private static String run(List<String> cmd, int minutes) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(minutes, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new IllegalStateException("did not end: " + cmd);
        }
        assertThat(p.exitValue()).as(out).isZero();
        return out;
    }

    @Test
    void a_bench_on_the_cluster_should_confirm_what_the_local_one_does_and_stop_should_leave_nothing() throws Exception {
        String started = run(List.of(SCRIPT.toString(), "start"), 3);
        List<Long> workers = new ArrayList<>();
        try {
            Matcher m = Pattern.compile("(?m)^master (spark://\\S+)").matcher(started);
            assertThat(m.find()).as(started).isTrue();
            Matcher w = Pattern.compile("(?m)^worker (\\d+)").matcher(started);
            while (w.find()) {
                workers.add(Long.parseLong(w.group(1)));
            }
            assertThat(workers).hasSize(2);
            Path out = Files.createTempDirectory("racepipe-e2e-spark");
            String printed = run(List.of(Cli.ROOT.resolve("scripts/racepipe").toString(), "bench", "--only", "logservice",
                    "--runs", "1", "--trials", "10", "--seed", "3", "--out", out.toString(), "--spark", m.group(1)), 10);
            assertThat(printed).contains("spark: " + m.group(1));
            JsonNode b = new ObjectMapper().readTree(out.resolve("results.json").toFile()).get("benchmarks").get(0);
            Map<String, String> verdicts = new TreeMap<>();
            b.get("pairs").forEach(p -> {
                if (p.has("label")) {
                    verdicts.put(p.get("label").asText(), p.get("verdict").asText());
                }
            });
            // seed 001's scorecard: P1 is ordered by the lock-protected flag, P2-P4 race (P4 throws)
            // (P1 unconfirmed, or unreached when no detector of the one run reported its accesses)
            assertThat(verdicts.get("P1")).isIn("unconfirmed", "unreached");
            assertThat(verdicts).containsEntry("P4", "harmful");
            assertThat(verdicts.get("P2")).isIn("real", "harmful");
            assertThat(verdicts.get("P3")).isIn("real", "harmful");
            assertThat(Files.exists(out.resolve("logservice/report.json"))).isTrue();
        } finally {
            run(List.of(SCRIPT.toString(), "stop"), 2);
        }
        Thread.sleep(1000);
        for (long pid : workers) {
            assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).as("worker " + pid).isFalse();
        }
        assertThat(ProcessHandle.allProcesses().map(h -> h.info().commandLine().orElse(""))
                .filter(c -> c.contains(Cli.ROOT.resolve("distributed/spark/target/cluster").toString()))).isEmpty();
    }
}
