package racepipe.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code racepipe test} on a project's plain JUnit tests, unchanged: a JUnit 5 test whose pool runs
 * Counter.hit() twice, a JUnit 4 test whose thread and main both register, a synchronized
 * counter's test, and a test that fails without racepipe. Both races are confirmed and name their
 * tests, the synchronized counter stays clean, the failing test is reported as failing and does not
 * stop the run, and the printed replay command races again.
 */
class TestSuiteCliTest {
    static final String COUNTER = """
            package shop;
            public class Counter {
                private int hits;
                public void hit() { hits = hits + 1; } // @H
                public int hits() { return hits; }
            }
            """;
    static final String SAFE = """
            package shop;
            public class SafeCounter {
                private int hits;
                public synchronized void hit() { hits = hits + 1; }
                public synchronized int hits() { return hits; }
            }
            """;
    static final String REGISTRY = """
            package shop;
            public class Registry {
                private String last;
                public void register(String name) { last = name; } // @G
                public String last() { return last; }
            }
            """;
    static final String COUNTER_TEST = """
            package shop;
            import java.util.concurrent.*;
            import org.junit.jupiter.api.*;
            import static org.junit.jupiter.api.Assertions.*;
            class CounterTest {
                ExecutorService pool;
                @BeforeEach void pool() { pool = Executors.newFixedThreadPool(2); }
                @AfterEach void shutdown() { pool.shutdown(); }
                @Test void concurrentHits() throws Exception {
                    Counter c = new Counter();
                    Future<?> a = pool.submit(c::hit);
                    Future<?> b = pool.submit(c::hit);
                    a.get(); b.get();
                    assertTrue(c.hits() >= 1);
                }
                @Test void safeHits() throws Exception {
                    SafeCounter c = new SafeCounter();
                    Future<?> a = pool.submit(c::hit);
                    Future<?> b = pool.submit(c::hit);
                    a.get(); b.get();
                    assertEquals(2, c.hits());
                }
                @Test void alwaysFails() { assertEquals(1, 2, "fails without racepipe"); }
            }
            """;
    static final String REGISTRY_TEST = """
            package shop;
            import org.junit.Test;
            import static org.junit.Assert.*;
            public class RegistryTest {
                @Test public void twoRegistrations() throws Exception {
                    Registry r = new Registry();
                    Thread t = new Thread(() -> r.register("a"));
                    t.start();
                    r.register("b");
                    t.join();
                    assertNotNull(r.last());
                }
            }
            """;
    /** The JUnit 4 race's replay: plain threads. (A pool's race may replay differently: which worker takes a task is the JDK's.) */
    private static final Pattern REPLAY = Pattern.compile("^replay Registry.last: (.*)$", Pattern.MULTILINE);
    private static Cli.Result run;
    private static Path tests;
    private static String testCp;

    @BeforeAll
    static void test() throws Exception {
        Path dir = Files.createTempDirectory("racepipe-tests");
        List<String> junit = new ArrayList<>();
        for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (Path.of(e).getFileName().toString().matches("(junit|opentest4j|apiguardian|hamcrest).*\\.jar")) {
                junit.add(e);
            }
        }
        Path classes = compile(dir.resolve("classes"), Map.of("shop/Counter.java", COUNTER, "shop/SafeCounter.java", SAFE,
                "shop/Registry.java", REGISTRY), List.of());
        List<String> testCp = new ArrayList<>(List.of(classes.toString()));
        testCp.addAll(junit);
        tests = compile(dir.resolve("test-classes"), Map.of("shop/CounterTest.java", COUNTER_TEST,
                "shop/RegistryTest.java", REGISTRY_TEST), testCp);
        // hybrid alone, 8 trials a pair: the races are the dynamic detectors' and RaceFuzzer makes them in most trials
        // (the static engine would cost ~15 s more, the stopping rule's 20 raced trials half a minute)
        TestSuiteCliTest.testCp = String.join(File.pathSeparator, testCp);
        run = Cli.run("test", tests.toString(), "--cp", TestSuiteCliTest.testCp, "--predictors", "hybrid",
                "--trials", "8", "--out", dir.resolve("out").toString());
    }

    private static Path compile(Path out, Map<String, String> sources, List<String> cp) throws Exception {
        Path src = out.resolveSibling(out.getFileName() + "-src");
        List<String> args = new ArrayList<>(List.of("--release", "17", "-g", "-d", out.toString()));
        if (!cp.isEmpty()) {
            args.addAll(List.of("-cp", String.join(File.pathSeparator, cp)));
        }
        for (Map.Entry<String, String> e : sources.entrySet()) {
            Path f = src.resolve(e.getKey());
            Files.createDirectories(f.getParent());
            Files.writeString(f, e.getValue());
            args.add(f.toString());
        }
        assertThat(ToolProvider.getSystemJavaCompiler().run(null, null, null, args.toArray(String[]::new))).isZero();
        return out;
    }

    private static JsonNode confirmed(String file, String method) {
        for (JsonNode p : run.json().path("pairs")) {
            boolean both = true;
            for (JsonNode s : p.path("sites")) {
                both &= s.path("file").asText().equals(file) && s.path("method").asText().startsWith(method + "(");
            }
            String v = p.path("verdict").asText();
            if (both && (v.equals("real") || v.equals("harmful"))) {
                return p;
            }
        }
        return null;
    }

    @Test
    void bothRacesAreConfirmedAndNameTheirTests() {
        assertThat(run.code()).as(run.output()).isEqualTo(1);
        JsonNode counter = confirmed("Counter.java", "hit");
        assertThat(counter).as(run.output()).isNotNull();
        assertThat(counter.path("tests").toString()).contains("CounterTest#concurrentHits");
        JsonNode registry = confirmed("Registry.java", "register");
        assertThat(registry).as(run.output()).isNotNull();
        assertThat(registry.path("tests").toString()).contains("RegistryTest#twoRegistrations");
        assertThat(run.output()).contains("race on shop.Registry.last: ran by RegistryTest#twoRegistrations");
    }

    /** SIGTERM once Phase 2 began: the workers are killed, report.json says what was found and that it was stopped, exit 143. */
    @Test
    void aSigtermInPhase2LeavesTheReport() throws Exception {
        Path out = Files.createTempDirectory("racepipe-tests-stopped");
        Process p = new ProcessBuilder(Cli.ROOT.resolve("scripts/racepipe").toString(), "test", tests.toString(), "--cp", testCp,
                "--predictors", "hybrid", "--trials", "8", "--out", out.toString()).redirectErrorStream(true).start();
        StringBuilder seen = new StringBuilder();
        try (java.io.BufferedReader lines = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream(),
                StandardCharsets.UTF_8))) {
            String l;
            while ((l = lines.readLine()) != null && !l.startsWith("phase 2: pair")) {
                seen.append(l).append('\n');
            }
            assertThat(l).as(seen.toString()).isNotNull();
            p.destroy(); // SIGTERM
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("racepipe test ended after SIGTERM").isTrue();
        }
        assertThat(p.exitValue()).isEqualTo(143);
        JsonNode r = new com.fasterxml.jackson.databind.ObjectMapper().readTree(out.resolve("report.json").toFile());
        assertThat(r.at("/stopped/why").asText()).contains("SIGTERM");
        assertThat(r.path("pairs").size()).isPositive();
    }

    @Test
    void theSynchronizedCounterIsClean() {
        for (JsonNode p : run.json().path("pairs")) {
            if (p.path("sites").toString().contains("SafeCounter")) {
                assertThat(p.path("verdict").asText()).isNotIn("real", "harmful");
            }
        }
    }

    @Test
    void aTestThatFailsWithoutRacepipeIsReportedAndTheRunGoesOn() {
        JsonNode failing = null;
        for (JsonNode t : run.json().path("tests")) {
            if ("alwaysFails".equals(t.path("method").asText())) {
                failing = t;
            }
        }
        assertThat(failing).isNotNull();
        assertThat(failing.path("plain").asText()).isEqualTo("failed");
        assertThat(failing.path("failure").asText()).contains("fails without racepipe");
        assertThat(run.output()).contains("1 test fail without racepipe: CounterTest#alwaysFails");
    }

    @Test
    void thePrintedReplayRacesAgain() throws Exception {
        Matcher m = REPLAY.matcher(run.output());
        assertThat(m.find()).as(run.output()).isTrue();
        Process p = new ProcessBuilder("bash", "-c", m.group(1)).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(2, TimeUnit.MINUTES)).isTrue();
        assertThat(out).containsPattern("(?m)^race on ");
        assertThat(p.exitValue()).as(out).isEqualTo(1);
    }
}
