package racepipe.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** racepipe on a user's application with a dependency (UserApp): --cp, the manifest, exits, baseline, suppress. */
class UserAppCliTest {
    static UserApp app;
    static Path first;
    static Cli.Result analyzed;
    static final String C = UserApp.line("@C"), D = UserApp.line("@D"), E = UserApp.line("@E");
    static final String F = UserApp.line("@F"), G = UserApp.line("@G"), L = UserApp.libLine("@L");
    static final String[] FAST = {"--runs", "1", "--trials", "10", "--jobs", "1"};

    @BeforeAll
    static void analyze() throws Exception {
        app = UserApp.build();
        first = app.dir.resolve("out1");
        // no --entry: the manifest's Main-Class; the dependency with --cp
        analyzed = Cli.run(with("analyze", app.app.toString(), "--cp", app.lib.toString(), "--out", first.toString()));
    }

    static String[] with(String... args) {
        String[] all = new String[args.length + FAST.length];
        System.arraycopy(args, 0, all, 0, args.length);
        System.arraycopy(FAST, 0, all, args.length, FAST.length);
        return all;
    }

    static boolean confirmedAt(JsonNode report, String a, String b) {
        for (JsonNode p : report.get("pairs")) {
            String x = p.at("/sites/0/file").asText() + ":" + p.at("/sites/0/line").asInt();
            String y = p.at("/sites/1/file").asText() + ":" + p.at("/sites/1/line").asInt();
            boolean there = (x.equals(a) && y.equals(b)) || (x.equals(b) && y.equals(a));
            if (there && p.path("verdict").asText().matches("real|harmful")) {
                return true;
            }
        }
        return false;
    }

    @Test
    void without_its_dependency_the_program_never_gets_going_exit_3_naming_the_missing_class() throws Exception {
        Cli.Result r = Cli.run(with("analyze", app.app.toString(), "--entry", "shop.Main", "--out", app.dir.resolve("nodep").toString()));
        assertThat(r.code()).as(r.output()).isEqualTo(3);
        assertThat(r.output()).contains("racepipe: the program never got going: NoClassDefFoundError: shoplib/Names");
        JsonNode report = new ObjectMapper().readTree(app.dir.resolve("nodep/report.json").toFile());
        assertThat(report.get("failure").asText()).contains("NoClassDefFoundError: shoplib/Names");
        assertThat(report.get("pairs").findValues("verdict")).isEmpty(); // no Phase 2 for a program that never ran
    }

    @Test
    void with_cp_and_the_manifests_main_class_its_race_is_confirmed() throws Exception {
        assertThat(analyzed.code()).as(analyzed.output()).isEqualTo(1);
        JsonNode report = new ObjectMapper().readTree(first.resolve("report.json").toFile());
        assertThat(report.at("/program/entry").asText()).isEqualTo("shop.Main");
        assertThat(report.at("/program/classpath/0").asText()).isEqualTo(app.lib.toString());
        assertThat(confirmedAt(report, C, D)).as(analyzed.output()).isTrue();
        assertThat(analyzed.output()).contains("--cp " + app.lib).doesNotContain("\r");
    }

    @Test
    void a_baseline_with_the_same_races_exits_0_and_marks_them_known() throws Exception {
        Path out = app.dir.resolve("out-baseline");
        Cli.Result r = Cli.run(with("analyze", app.app.toString(), "--cp", app.lib.toString(), "--baseline", first.toString(),
                "--out", out.toString()));
        assertThat(r.code()).as(r.output()).isZero();
        assertThat(r.output()).contains("known (in the baseline report; not counted)");
        JsonNode report = new ObjectMapper().readTree(out.resolve("report.json").toFile());
        assertThat(report.get("pairs").findValues("baseline")).isNotEmpty().allMatch(JsonNode::asBoolean);
    }

    @Test
    void suppressed_races_keep_their_reason_and_do_not_count() throws Exception {
        Path sup = app.dir.resolve("suppress.txt");
        Files.writeString(sup, "# accepted\n" + C + " " + D + " # visits is a statistic\n"
                + F + " " + G + " # inventory counts are advisory\n");
        Path out = app.dir.resolve("out-suppress");
        Cli.Result r = Cli.run(with("analyze", app.app.toString(), "--cp", app.lib.toString(), "--suppress", sup.toString(),
                "--out", out.toString()));
        assertThat(r.code()).as(r.output()).isZero();
        assertThat(Files.readString(out.resolve("report.json"))).contains("\"suppressed\" : \"visits is a statistic\"");
        assertThat(Files.readString(out.resolve("report.sarif"))).contains("\"justification\" : \"visits is a statistic\"");
        assertThat(Files.readString(out.resolve("report.html"))).contains("suppressed: visits is a statistic");
    }

    /** The pair at these two lines. */
    static JsonNode pairAt(JsonNode report, String a, String b) {
        for (JsonNode p : report.get("pairs")) {
            String x = p.at("/sites/0/file").asText() + ":" + p.at("/sites/0/line").asInt();
            String y = p.at("/sites/1/file").asText() + ":" + p.at("/sites/1/line").asInt();
            if ((x.equals(a) && y.equals(b)) || (x.equals(b) && y.equals(a))) {
                return p;
            }
        }
        throw new AssertionError("no pair at " + a + " " + b);
    }

    @Test
    void the_race_inside_the_dependency_is_confirmed_at_the_applications_call_lines_with_the_librarys_frame() throws Exception {
        JsonNode report = new ObjectMapper().readTree(first.resolve("report.json").toFile());
        assertThat(confirmedAt(report, F, G)).as(analyzed.output()).isTrue();
        JsonNode p = pairAt(report, F, G);
        assertThat(p.get("variable").asText()).isEqualTo("shoplib.Inventory.count");
        String frame = "shoplib.Inventory.add(" + L + ")";
        for (JsonNode s : p.get("sites")) {
            assertThat(s.get("access").asText()).isEqualTo("write");
            assertThat(s.get("library").toString()).contains(frame);
        }
        // no site inside the dependency; the terminal and the HTML group the rows under the variable
        assertThat(report.get("pairs").findValues("file")).noneMatch(f -> f.asText().equals("Inventory.java"));
        assertThat(analyzed.output()).contains("\nshoplib.Inventory.count\n");
        String html = Files.readString(first.resolve("report.html"));
        assertThat(html).contains("<h2 class=\"var\"><code>shoplib.Inventory.count</code>").contains(frame);

        Cli.Result confirmed = Cli.run("confirm", app.app.toString(), "--cp", app.lib.toString(), "--pair", F, G,
                "--trials", "10", "--jobs", "1");
        assertThat(confirmed.code()).as(confirmed.output()).isEqualTo(1);
        assertThat(confirmed.json().at("/pairs/0/verdict").asText()).isEqualTo("real");
        Cli.Result inside = Cli.run("confirm", app.app.toString(), "--cp", app.lib.toString(), "--pair", L, G, "--trials", "5");
        assertThat(inside.code()).as(inside.output()).isEqualTo(2);
        assertThat(inside.output()).contains(L + " is inside the dependency shoplib.jar");
    }

    @Test
    void confirm_exits_1_for_a_race_and_confirms_each_pair_given() throws Exception {
        Cli.Result r = Cli.run("confirm", app.app.toString(), "--cp", app.lib.toString(), "--pair", C, D, "--pair", C, E,
                "--trials", "10", "--jobs", "1");
        assertThat(r.code()).as(r.output()).isEqualTo(1);
        JsonNode pairs = r.json().get("pairs");
        assertThat(pairs).hasSize(2);
        assertThat(pairs.get(0).get("verdict").asText()).isEqualTo("real");
        assertThat(pairs.get(1).get("verdict").asText()).isEqualTo("unconfirmed"); // the read after join
        assertThat(r.output()).contains(C + " has 2 accesses: took shop.Main.lambda$main$0@");

        Cli.Result none = Cli.run("confirm", app.app.toString(), "--cp", app.lib.toString(), "--pair", C, E, "--trials", "5", "--jobs", "1");
        assertThat(none.code()).as(none.output()).isZero();
    }
}
