package racepipe.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** racepipe confirm and replay through the CLI: LogService's scorecard, replay, robustness. */
class ConfirmCliTest {
    /** FILE:LINE of the first line of a benchmark source that contains {@code text}. */
    static String line(String pkg, String file, String text) throws IOException {
        Path src = Cli.ROOT.resolve("benchmarks/src/main/java/" + pkg.replace('.', '/') + "/" + file);
        List<String> lines = Files.readAllLines(src);
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(text)) {
                return file + ":" + (i + 1);
            }
        }
        throw new IllegalArgumentException(text);
    }

    static String label(String pkg, String file, String label) throws IOException {
        return line(pkg, file, "// @site " + label);
    }

    static JsonNode confirm(String entry, String a, String b, int trials, int timeout) throws Exception {
        Cli.Result r = Cli.run("confirm", Cli.BENCH.toString(), "--entry", entry, "--pair", a, b,
                "--trials", String.valueOf(trials), "--seed", "11", "--timeout", String.valueOf(timeout));
        JsonNode pair = r.json().get("pairs").get(0);
        boolean raced = pair.get("verdict").asText().matches("real|harmful");
        assertThat(r.code()).as(r.output()).isEqualTo(raced ? 1 : 0); // 1: a race confirmed
        return pair;
    }

    @Test
    void logservice_should_sort_the_four_suspects_into_three_tiers() throws Exception {
        String ls = "benchmarks.logservice";
        String e = "benchmarks.logservice.Main";
        JsonNode p1 = confirm(e, label(ls, "LogService.java", "m1"), label(ls, "LogService.java", "w6"), 100, 5);
        JsonNode p2 = confirm(e, label(ls, "LogService.java", "m5"), label(ls, "LogService.java", "w1"), 100, 5);
        JsonNode p4 = confirm(e, label(ls, "LogService.java", "m6"), label(ls, "LogService.java", "w8"), 200, 5);
        assertThat(p1.get("confirm").get("raced").asInt()).isZero();
        assertThat(p1.get("verdict").asText()).isEqualTo("unconfirmed");
        assertThat(p2.get("confirm").get("raced").asInt()).isEqualTo(100);
        assertThat(p2.get("verdict").asText()).isEqualTo("real");
        assertThat(p4.get("confirm").get("raced").asInt()).isEqualTo(200);
        assertThat(p4.get("confirm").get("exceptions").get("java.lang.NullPointerException").asInt()).isBetween(70, 130);
        assertThat(p4.get("verdict").asText()).isEqualTo("harmful");
    }

    @Test
    void synchronized_lists_should_crash_on_their_race_and_not_on_a_shared_mutex() throws Exception {
        String sl = "benchmarks.synclist";
        String e = "benchmarks.synclist.Main";
        String covers = label(sl, "Catalog.java", "covers");
        JsonNode pick = confirm(e, covers, label(sl, "Order.java", "pick"), 30, 5);
        assertThat(pick.get("confirm").get("raced").asInt()).isPositive();
        assertThat(pick.get("confirm").get("exceptions").has("java.util.ConcurrentModificationException")).isTrue();
        assertThat(pick.get("verdict").asText()).isEqualTo("harmful");
        JsonNode add = confirm(e, covers, label(sl, "Catalog.java", "catalogAdd"), 30, 5); // both hold the catalog's mutex
        assertThat(add.get("confirm").get("raced").asInt()).isZero();
        for (JsonNode t : pick.get("trials")) {
            if (t.get("raced").asBoolean()) {
                Cli.Result r = Cli.run("replay", Cli.BENCH.toString(), "--entry", e, "--pair", covers, label(sl, "Order.java", "pick"),
                        "--seed", t.get("seed").asText());
                assertThat(r.json().get("pairs").get(0).get("trials").get(0)).isEqualTo(t);
                break;
            }
        }
    }

    @Test
    void replay_should_give_the_same_trial_from_its_seed_with_busy_threads_beside() throws Exception {
        String ls = "benchmarks.logservice";
        String a = label(ls, "LogService.java", "m6"), b = label(ls, "LogService.java", "w8");
        try (Busy beside = new Busy(2)) {
            JsonNode p = confirm("benchmarks.logservice.Main", a, b, 6, 5);
            for (JsonNode t : p.get("trials")) {
                Cli.Result r = Cli.run("replay", Cli.BENCH.toString(), "--entry", "benchmarks.logservice.Main", "--pair", a, b,
                        "--seed", t.get("seed").asText());
                assertThat(r.json().get("pairs").get(0).get("trials").get(0)).isEqualTo(t);
            }
        }
    }

    @ParameterizedTest
    @CsvSource({"exits, state = 1, state = 2, exit", "hangs, counter++, counter++, timeout",
            "deadlocks, aHeld = true, while (!aHeld), deadlock", "spins, go = true, while (!go), ok",
            "blocksio, received = in.read(), if (received != 7), ok", "throwing, value = 1, + value, exception"})
    void every_trial_of_a_misbehaving_program_should_end_with_its_outcome(String f, String a, String b, String outcome)
            throws Exception {
        String pkg = "fixtures." + f;
        JsonNode p = confirm(pkg + ".Main", line(pkg, "Main.java", a), line(pkg, "Main.java", b), 4, f.equals("hangs") ? 2 : 6);
        assertThat(p.get("confirm").get("trials").asInt()).isEqualTo(4);
        assertThat(p.get("confirm").get("outcomes").get(outcome).asInt()).isEqualTo(4);
        for (JsonNode t : p.get("trials")) { // every outcome carries its reason
            switch (outcome) {
                case "deadlock" -> assertThat(t.get("note").asText()).contains("cycle: T1 holds").contains("held by T2");
                case "timeout" -> assertThat(t.get("note").asText()).startsWith("no end within");
                default -> { }
            }
        }
    }
}
