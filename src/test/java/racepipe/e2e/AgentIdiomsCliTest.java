package racepipe.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The agent instruments the code people write and never passes silently: a guarded wait
 * ({@code synchronized (l) { while (!ready) l.wait(); }}, a range that starts at a loop head,
 * once refused with its whole class) beside a plain race, and a method too large to take the
 * instrumentation beside a small racy one. Both races are confirmed; the large method is named
 * on the terminal and in report.json.
 */
class AgentIdiomsCliTest {
    static final String APP = """
            package idioms;
            public class Main {
                static final Object L = new Object();
                static volatile boolean ready;
                static int data, acc;
                static void worker() throws InterruptedException {
                    synchronized (L) {
                        while (!ready) L.wait();
                    }
                    data = data + 1; // @A
                }
                static void table() {
            %s
                }
                public static void main(String[] args) throws Exception {
                    table();
                    Thread t = new Thread(() -> { try { worker(); } catch (InterruptedException e) { } });
                    t.start();
                    synchronized (L) { ready = true; L.notifyAll(); }
                    data = data + 1; // @B
                    t.join();
                    System.out.println(data + acc);
                }
            }
            """.formatted(String.join("\n", java.util.stream.IntStream.range(0, 3600)
            .mapToObj(i -> "        acc = acc * 31 + data + " + i + ";").toList()));

    @Test
    void the_race_beside_a_guarded_wait_is_confirmed_and_a_method_too_large_to_instrument_is_named() throws Exception {
        Path dir = Files.createTempDirectory("racepipe-idioms");
        Path jar = UserApp.jar(dir, "idioms", Map.of("idioms/Main.java", APP), List.of(), "idioms.Main");
        Path out = dir.resolve("out");
        Cli.Result r = Cli.run("analyze", jar.toString(), "--predictors", "hybrid,hb", "--out", out.toString());
        assertThat(r.code()).as(r.output()).isEqualTo(1);
        assertThat(r.output()).contains("not instrumented (its accesses were never watched): idioms.Main.table()V")
                .doesNotContain("could not instrument idioms.Main:");
        JsonNode report = new ObjectMapper().readTree(out.resolve("report.json").toFile());
        assertThat(report.at("/uninstrumented/0/method").asText()).isEqualTo("table");
        assertThat(report.at("/uninstrumented/0/reason").asText()).contains("too large");
        assertThat(report.get("uninstrumented")).hasSize(1); // worker() and main() are instrumented
        assertThat(UserAppCliTest.confirmedAt(report, line("@A"), line("@B"))).as(r.output()).isTrue();
        assertThat(Files.readString(out.resolve("report.sarif"))).contains("idioms.Main.table()V");
    }

    private static String line(String marker) {
        List<String> lines = APP.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains("// " + marker)) {
                return "Main.java:" + (i + 1);
            }
        }
        throw new AssertionError(marker);
    }
}
