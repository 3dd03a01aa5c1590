package racepipe.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code analyze --atomic CLASS#METHOD}: a method the default rule does not take as an atomic
 * block (one synchronized call, in a loop) is one when named; its violation is proved and the
 * printed replay, which names the block again, throws again. Without the option nothing is
 * reported; a name the program does not have is one line, exit 2.
 */
class AtomicOptionCliTest {
    static final String SRC = """
            package seats;
            public class Main {
                static class Seats {
                    private int next;
                    synchronized int claim() { return next++; }
                }
                static volatile long sink;
                static void work() { long s = 0; for (int i = 0; i < 2_000_000; i++) s += i * 31L; sink = s; }
                static int[] bookPair(Seats s) { // two adjacent seats, meant as one step
                    int[] got = new int[2];
                    for (int i = 0; i < 2; i++) {
                        got[i] = s.claim(); // @CLAIM
                    }
                    if (got[1] != got[0] + 1) throw new IllegalStateException("seats not adjacent: " + got[0] + ", " + got[1]);
                    return got;
                }
                public static void main(String[] args) throws Exception {
                    Seats seats = new Seats();
                    Thread a = new Thread(() -> bookPair(seats));
                    Thread b = new Thread(() -> { work(); bookPair(seats); });
                    a.start(); b.start();
                    a.join(); b.join();
                    System.out.println(seats.claim());
                }
            }
            """;
    static Path dir;
    static Path app;

    @BeforeAll
    static void build() throws Exception {
        dir = Files.createTempDirectory("racepipe-atomic-option");
        app = UserApp.jar(dir, "seats", Map.of("seats/Main.java", SRC), List.of(), "seats.Main");
    }

    private static Cli.Result analyze(String out, String... more) throws Exception {
        List<String> args = new java.util.ArrayList<>(List.of("analyze", app.toString(), "--runs", "1", "--predictors", "hybrid",
                "--jobs", "1", "--out", dir.resolve(out).toString()));
        args.addAll(List.of(more));
        return Cli.run(args.toArray(String[]::new));
    }

    private static int claimLine() {
        String[] lines = SRC.split("\n");
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].contains("@CLAIM")) {
                return i + 1;
            }
        }
        throw new IllegalStateException();
    }

    @Test
    void a_named_method_should_be_a_block_proved_and_replayed() throws Exception {
        Cli.Result r = analyze("named", "--atomic", "seats.Main#bookPair");
        assertThat(r.code()).as(r.output()).isEqualTo(1);
        JsonNode harmful = null;
        for (JsonNode a : r.json().path("atomicity")) {
            if (a.path("verdict").asText().equals("harmful") && a.path("sites").get(0).path("line").asInt() == claimLine()) {
                harmful = a;
            }
        }
        assertThat(harmful).as(r.output()).isNotNull();
        assertThat(r.json().path("options").path("atomic").toString()).contains("seats.Main#bookPair");
        String replay = r.output().lines().filter(l -> l.startsWith("replay") && l.contains("--atomic"))
                .map(l -> l.substring(l.indexOf(':') + 1).trim()).findFirst().orElse(null);
        assertThat(replay).as(r.output()).contains("--atomic-block 'seats.Main#bookPair'");
        Process p = new ProcessBuilder("bash", "-c", replay).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(p.waitFor(3, TimeUnit.MINUTES)).isTrue();
        assertThat(p.exitValue()).as(out).isEqualTo(1);
        assertThat(out).contains("IllegalStateException");
    }

    @Test
    void without_the_name_the_default_rule_should_report_nothing() throws Exception {
        Cli.Result r = analyze("default");
        assertThat(r.json().path("atomicity").isArray()).as(r.output()).isTrue();
        assertThat(r.json().path("atomicity")).as(r.output()).isEmpty();
    }

    @Test
    void a_name_the_program_lacks_should_be_one_line_and_exit_2() throws Exception {
        Cli.Result r = Cli.run("analyze", app.toString(), "--atomic", "seats.Main#nothing", "--out", dir.resolve("bad").toString());
        assertThat(r.code()).as(r.output()).isEqualTo(2);
        assertThat(r.output()).contains("--atomic seats.Main#nothing: seats.Main declares no method nothing");
    }
}
