package racepipe.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * --jvm-arg reaches every JVM that runs the program: a program that opens java.lang by reflection (as
 * Mockito 1.x does) runs only with --add-opens, in the plain run, the detect runs, the trial workers,
 * explore and the printed replay command.
 */
class JvmArgCliTest {
    static final String OPENS = "--add-opens=java.base/java.lang=ALL-UNNAMED";
    static final String APP = """
            package opens;
            public class Main {
                static int count;
                public static void main(String[] a) throws Exception {
                    String.class.getDeclaredField("value").setAccessible(true); // java.lang opened, or InaccessibleObjectException
                    Thread t = new Thread(() -> count++);
                    t.start();
                    count++;
                    t.join();
                }
            }
            """;
    static Path dir;
    static Path app;

    @BeforeAll
    static void build() throws Exception {
        dir = Files.createTempDirectory("racepipe-jvmarg");
        app = UserApp.jar(dir, "opens", Map.of("opens/Main.java", APP), List.of(), "opens.Main");
    }

    @Test
    void without_the_opens_the_program_never_gets_going() throws Exception {
        Cli.Result r = Cli.run("analyze", app.toString(), "--runs", "1", "--trials", "5", "--out", dir.resolve("none").toString());
        assertThat(r.code()).as(r.output()).isEqualTo(3);
        assertThat(r.output()).contains("InaccessibleObjectException");
    }

    @Test
    void with_the_opens_analyze_confirms_the_race_and_its_replay_command_runs_with_them() throws Exception {
        Cli.Result r = Cli.run("analyze", app.toString(), "--jvm-arg=" + OPENS, "--runs", "1", "--trials", "20", "--jobs", "1",
                "--out", dir.resolve("opens").toString());
        assertThat(r.code()).as(r.output()).isEqualTo(1);
        assertThat(r.json().at("/program/jvmArgs/0").asText()).isEqualTo(OPENS);
        JsonNode race = null;
        for (JsonNode p : r.json().get("pairs")) {
            if (p.path("verdict").asText().matches("real|harmful") && p.path("variable").asText().equals("opens.Main.count")) {
                race = p;
            }
        }
        assertThat(race).as(r.output()).isNotNull();
        String replay = race.at("/confirm/replay").asText();
        assertThat(replay).contains(" --jvm-arg=" + OPENS + " ");
        Process p = new ProcessBuilder("bash", "-c", replay).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(5, TimeUnit.MINUTES)).isTrue();
        assertThat(p.exitValue()).as(replay + "\n" + out).isEqualTo(1);
    }

    @Test
    void explore_runs_the_program_with_them() throws Exception {
        Cli.Result r = Cli.run("explore", app.toString(), "--jvm-arg", OPENS, "--budget", "60s");
        assertThat(r.code()).as(r.output()).isEqualTo(1);
        assertThat(r.json().get("races").size()).isPositive();
        assertThat(r.json().at("/races/0/replay").asText()).contains("--jvm-arg=" + OPENS);
    }

    @Test
    void what_is_no_jvm_option_is_one_line_of_usage() throws Exception {
        Cli.Result r = Cli.run("analyze", app.toString(), "--jvm-arg", "-cp", "--out", dir.resolve("bad").toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.output().strip()).isEqualTo("racepipe: --jvm-arg -cp: give the program's class path with --cp PATH");
    }
}
