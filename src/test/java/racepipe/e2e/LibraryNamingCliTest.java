package racepipe.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Two variables of one library object race between the same two call lines of the application (a
 * closed flag and a list set to null): the confirmed pair is named by what its example trial raced
 * on, and lists the library variables its trials raced on.
 */
class LibraryNamingCliTest {
    static final String LIB = """
            package reglib;
            import java.util.ArrayList;
            public class Registry {
                private boolean closed;
                private ArrayList<String> items = new ArrayList<>(java.util.List.of("a", "b"));
                public int size() {
                    if (closed) return -1;
                    ArrayList<String> l = items;
                    return l.size();
                }
                public void close() { closed = true; items = null; }
            }
            """;
    static final String APP = """
            package uses;
            import reglib.Registry;
            public class Main {
                public static void main(String[] a) throws Exception {
                    Registry r = new Registry();
                    Thread t = new Thread(() -> System.out.println(r.size()));
                    t.start();
                    r.close();
                    t.join();
                }
            }
            """;

    @Test
    void the_pair_is_named_by_the_variable_its_example_trial_raced_on() throws Exception {
        Path dir = Files.createTempDirectory("racepipe-libnaming");
        Path lib = UserApp.jar(dir, "reglib", Map.of("reglib/Registry.java", LIB), List.of(), null);
        Path app = UserApp.jar(dir, "uses", Map.of("uses/Main.java", APP), List.of(lib), "uses.Main");
        Cli.Result r = Cli.run("analyze", app.toString(), "--cp", lib.toString(), "--runs", "1", "--trials", "20", "--jobs", "1",
                "--out", dir.resolve("out").toString());
        assertThat(r.code()).as(r.output()).isEqualTo(1);
        List<JsonNode> confirmed = new ArrayList<>();
        r.json().get("pairs").forEach(p -> {
            if (p.path("verdict").asText().matches("real|harmful")) {
                confirmed.add(p);
            }
        });
        assertThat(confirmed).as(r.output()).isNotEmpty();
        for (JsonNode p : confirmed) {
            JsonNode examples = p.at("/confirm/examples");
            JsonNode best = examples.has("crash") ? examples.get("crash") : examples.get("race");
            String raced = best.at("/race/accesses/0/variable").asText();
            assertThat(p.get("variable").asText()).as(p.toString()).isEqualTo(raced).startsWith("reglib.Registry.");
            List<String> all = new ArrayList<>();
            p.path("variables").forEach(v -> all.add(v.asText()));
            examples.forEach(e -> e.at("/race/variables").forEach(v -> assertThat(all.isEmpty() ? List.of(raced) : all)
                    .as(p.toString()).contains(v.asText())));
        }
    }
}
