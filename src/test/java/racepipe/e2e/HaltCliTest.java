package racepipe.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Runtime.halt ends the program the way System.exit does, in every JVM racepipe starts: a main
 * that ends in halt(0), and a watchdog thread that halts, are the program ending (an exit
 * outcome), never a crashed run, trial or worker; the race before the halt is kept.
 */
class HaltCliTest {
    static final String HALT = """
            package halting;
            public class Main {
                static int count;
                public static void main(String[] a) throws Exception {
                    Thread t = new Thread(() -> count++);
                    t.start();
                    count++;
                    t.join();
                    Runtime.getRuntime().halt(0);
                }
            }
            """;
    static final String WATCHED = """
            package halting;
            public class Watched {
                static int hits;
                public static void main(String[] a) throws Exception {
                    Thread dog = new Thread(() -> {
                        try { Thread.sleep(3000); } catch (InterruptedException e) { return; }
                        Runtime.getRuntime().halt(0);
                    });
                    dog.setDaemon(true);
                    dog.start();
                    Thread t = new Thread(() -> hits++);
                    t.start();
                    hits++;
                    t.join();
                    Runtime.getRuntime().halt(0);
                }
            }
            """;
    static Path dir;
    static Path app;

    @BeforeAll
    static void build() throws Exception {
        dir = Files.createTempDirectory("racepipe-halt");
        app = UserApp.jar(dir, "halting", Map.of("halting/Main.java", HALT, "halting/Watched.java", WATCHED), List.of(), "halting.Main");
    }

    /** The confirmed pair on the variable, after checking that no trial was counted as a crashed worker. */
    private static JsonNode confirmed(Cli.Result r, String variable) {
        JsonNode found = null;
        for (JsonNode p : r.json().get("pairs")) {
            assertThat(p.at("/confirm/outcomes/crashed").asInt()).as(r.output()).isZero();
            if (p.path("verdict").asText().matches("real|harmful") && p.path("variable").asText().equals(variable)) {
                found = p;
            }
        }
        assertThat(found).as(r.output()).isNotNull();
        return found;
    }

    @Test
    void a_main_that_ends_in_halt_should_have_its_race_confirmed() throws Exception {
        Cli.Result r = Cli.run("analyze", app.toString(), "--runs", "1", "--trials", "20", "--jobs", "1", "--predictors", "hybrid",
                "--out", dir.resolve("main").toString());
        assertThat(r.code()).as(r.output()).isEqualTo(1);
        JsonNode pair = confirmed(r, "halting.Main.count");
        assertThat(pair.at("/confirm/outcomes/exit").asInt()).as(r.output()).isPositive();
    }

    @Test
    void a_watchdog_that_halts_should_end_trials_as_exits() throws Exception {
        Cli.Result r = Cli.run("analyze", app.toString(), "--entry", "halting.Watched", "--runs", "1", "--trials", "30", "--predictors", "hybrid",
                "--jobs", "1", "--out", dir.resolve("watched").toString());
        assertThat(r.code()).as(r.output()).isEqualTo(1);
        confirmed(r, "halting.Watched.hits");
    }

    @Test
    void explore_should_answer_on_a_program_that_halts() throws Exception {
        Cli.Result r = Cli.run("explore", app.toString(), "--budget", "10s");
        assertThat(r.code()).as(r.output()).isEqualTo(1);
        assertThat(r.output()).doesNotContain("without an answer");
        assertThat(r.json().get("races").size()).isPositive();
    }
}
