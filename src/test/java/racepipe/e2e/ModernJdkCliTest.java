package racepipe.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * racepipe on the JDK the tests run on when it is 21 or newer (.ci/run runs them again on the
 * newest JDK it finds): a program compiled for that release whose races run in a virtual thread
 * and in a virtual-thread-per-task executor is analysed, both races predicted statically and
 * dynamically and confirmed; the executor's close() orders its tasks before main's read (no
 * detector of order reports that pair). On 17 nothing to run.
 */
class ModernJdkCliTest {
    static final String SRC = String.join("\n",
            "package modern;",
            "import java.util.concurrent.*;",
            "public class Main {",
            "    record Tick(int n) {}",
            "    static final class Meter { long total; }",
            "    static final Meter meter = new Meter();",
            "    static int seen;",
            "    static void handle(Object e) {",
            "        if (e instanceof Tick(int n) && n > 0) meter.total += n; // @T",
            "    }",
            "    public static void main(String[] args) throws Exception {",
            "        Thread v = Thread.ofVirtual().start(() -> handle(new Tick(2)));",
            "        handle(new Tick(3));",
            "        v.join();",
            "        try (ExecutorService ex = Executors.newVirtualThreadPerTaskExecutor()) {",
            "            ex.submit(() -> { seen = seen + 1; }); // @A",
            "            ex.submit(() -> { seen = seen + 1; }); // @B",
            "        }",
            "        System.out.println(meter.total + \" \" + seen); // @R",
            "    }",
            "}", "");

    static int line(String mark) {
        List<String> lines = SRC.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains("// " + mark)) {
                return i + 1;
            }
        }
        throw new IllegalArgumentException(mark);
    }

    @Test
    void virtual_thread_races_of_a_program_of_this_release_are_confirmed() throws Exception {
        int release = Runtime.version().feature();
        Assumptions.assumeTrue(release >= 21, "virtual threads need JDK 21; this is " + release);
        Path dir = Files.createTempDirectory("racepipe-modern");
        Path src = dir.resolve("src/modern/Main.java");
        Files.createDirectories(src.getParent());
        Files.writeString(src, SRC);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        Path cls = dir.resolve("cls");
        assertThat(javac.run(null, null, null, "--release", String.valueOf(release), "-g", "-d", cls.toString(), src.toString()))
                .isZero();
        Path jar = dir.resolve("modern.jar");
        try (var out = new java.util.jar.JarOutputStream(Files.newOutputStream(jar))) {
            for (Path f : Files.walk(cls).filter(Files::isRegularFile).toList()) {
                out.putNextEntry(new java.util.jar.JarEntry(cls.relativize(f).toString()));
                out.write(Files.readAllBytes(f));
                out.closeEntry();
            }
        }
        Cli.Result r = Cli.run("analyze", jar.toString(), "--entry", "modern.Main", "--out", dir.resolve("out").toString(),
                "--runs", "2", "--trials", "20", "--jobs", "1");
        assertThat(r.code()).as(r.output()).isEqualTo(1);
        JsonNode report = r.json();
        int t = line("@T");
        assertThat(confirmed(report, t, t)).as(r.output()).isNotNull();
        assertThat(confirmed(report, line("@A"), line("@B"))).as(r.output()).isNotNull();
        for (JsonNode p : List.of(confirmed(report, t, t), confirmed(report, line("@A"), line("@B")))) {
            assertThat(p.path("predictors").has("static")).as(p.toString()).isTrue();
            assertThat(p.path("predictors").has("hb") || p.path("predictors").has("hybrid")).as(p.toString()).isTrue();
        }
        for (JsonNode p : report.get("pairs")) {
            List<Integer> lines = List.of(p.at("/sites/0/line").asInt(), p.at("/sites/1/line").asInt());
            if (lines.contains(line("@R"))) {
                assertThat(p.path("predictors").has("hb") || p.path("predictors").has("hybrid")).as("after close(): " + p).isFalse();
            }
        }
    }

    private static JsonNode confirmed(JsonNode report, int a, int b) {
        for (JsonNode p : report.get("pairs")) {
            int x = p.at("/sites/0/line").asInt();
            int y = p.at("/sites/1/line").asInt();
            if (((x == a && y == b) || (x == b && y == a)) && p.path("verdict").asText().matches("real|harmful")) {
                return p;
            }
        }
        return null;
    }
}
