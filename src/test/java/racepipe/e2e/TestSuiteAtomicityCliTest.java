package racepipe.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code racepipe test} reports atomicity violations as analyze does: a JUnit 5 test whose two
 * threads join a pool with a check-then-act of two synchronized calls (no data race) has a
 * harmful violation naming the test's lines, exit 1, and the printed replay throws again.
 */
class TestSuiteAtomicityCliTest {
    static final String POOL_TEST = """
            package shop;
            import org.junit.jupiter.api.*;
            class PoolTest {
                static class Pool {
                    private int active;
                    synchronized int active() { return active; }
                    synchronized void add() {
                        if (active >= 2) throw new IllegalStateException("too many active: " + (active + 1));
                        active++;
                    }
                }
                static volatile long sink;
                static void work() { long s = 0; for (int i = 0; i < 2_000_000; i++) s += i * 31L; sink = s; }
                static void join(Pool pool) {
                    if (pool.active() < 2) { // @CHECK
                        pool.add(); // @ACT
                    }
                }
                @Test void twoJoins() throws Exception {
                    Pool pool = new Pool();
                    pool.add();
                    Thread a = new Thread(() -> join(pool));
                    Thread b = new Thread(() -> { work(); join(pool); });
                    a.start(); b.start(); a.join(); b.join();
                }
            }
            """;

    private static Cli.Result run;

    @BeforeAll
    static void test() throws Exception {
        Path dir = Files.createTempDirectory("racepipe-tests-atomicity");
        List<String> junit = new ArrayList<>();
        for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (Path.of(e).getFileName().toString().matches("(junit|opentest4j|apiguardian|hamcrest).*\\.jar")) {
                junit.add(e);
            }
        }
        Path src = dir.resolve("src/shop/PoolTest.java");
        Files.createDirectories(src.getParent());
        Files.writeString(src, POOL_TEST);
        Path classes = dir.resolve("test-classes");
        assertThat(ToolProvider.getSystemJavaCompiler().run(null, null, null, "--release", "17", "-g", "-d", classes.toString(),
                "-cp", String.join(File.pathSeparator, junit), src.toString())).isZero();
        run = Cli.run("test", classes.toString(), "--cp", String.join(File.pathSeparator, junit), "--predictors", "hybrid",
                "--trials", "8", "--out", dir.resolve("out").toString());
    }

    private static int line(String marker) {
        String[] lines = POOL_TEST.split("\n");
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].contains(marker)) {
                return i + 1;
            }
        }
        throw new IllegalArgumentException(marker);
    }

    @Test
    void a_check_then_act_in_a_test_should_be_harmful_and_replay() throws Exception {
        assertThat(run.code()).as(run.output()).isEqualTo(1);
        JsonNode harmful = null;
        for (JsonNode a : run.json().path("atomicity")) {
            List<Integer> lines = new ArrayList<>();
            a.path("sites").forEach(s -> lines.add(s.path("line").asInt()));
            if (a.path("verdict").asText().equals("harmful") && lines.containsAll(List.of(line("@CHECK"), line("@ACT")))) {
                harmful = a;
            }
        }
        assertThat(harmful).as(run.output()).isNotNull();
        String replay = harmful.path("confirm").path("replay").asText();
        Process p = new ProcessBuilder("bash", "-c", replay).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(p.waitFor(3, TimeUnit.MINUTES)).isTrue();
        assertThat(p.exitValue()).as(out).isEqualTo(1);
        assertThat(out).contains("IllegalStateException");
    }
}
