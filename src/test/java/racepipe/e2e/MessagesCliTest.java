package racepipe.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every printed replay races, and every message tells the truth about both accesses: the four
 * defects once seen side by side with another tool, each on this program. An ArrayList
 * iterated while another thread adds (its size pair raced in few trials and crashed in many, of
 * another race: the printed seed was a crash's that did not race it); a method both threads
 * call (one line racing with itself: once shown as one thread twice); a HashMap put and an
 * arraycopy (replay showed the call's kinds, not the library field's, and arraycopy's read as a
 * write); and a replay the clock cuts short (once a different outcome, "timeout", now said plainly).
 */
class MessagesCliTest {
    static final String APP = """
            package msgs;
            import java.util.*;
            public class Main {
                static List<Integer> list = new ArrayList<>(List.of(1, 2, 3));
                static Map<String, Integer> map = new HashMap<>();
                static int[] src = new int[8], dst = new int[8];
                static int hits;
                static void hit() { hits = hits + 1; } // @H
                public static void main(String[] args) throws Exception {
                    long spin = System.nanoTime() + (args.length > 0 ? Long.parseLong(args[0]) * 1_000_000 : 0);
                    while (System.nanoTime() < spin) { } // a slow start, given by the argument
                    Thread t = new Thread(() -> {
                        list.add(4);
                        map.put("a", 1); // @P
                        System.arraycopy(src, 0, dst, 0, 8); // @C
                        hit();
                    });
                    t.start();
                    int sum = 0;
                    for (int x : list) sum += x;
                    map.put("b", 2);
                    src[3] = 5; // @S
                    hit();
                    t.join();
                    System.out.println(sum + map.size() + dst[3] + hits);
                }
            }
            """;
    private static final Pattern REPLAY = Pattern.compile("^replay [^:]+: (.*)$", Pattern.MULTILINE);
    private static Path jar;
    private static Cli.Result analyzed;
    private static JsonNode report;

    @BeforeAll
    static void analyze() throws Exception {
        Path dir = Files.createTempDirectory("racepipe-msgs");
        jar = UserApp.jar(dir, "msgs", Map.of("msgs/Main.java", APP), List.of(), "msgs.Main");
        analyzed = Cli.run("analyze", jar.toString(), "--predictors", "hybrid,hb", "--out", dir.resolve("out").toString());
        report = new ObjectMapper().readTree(dir.resolve("out/report.json").toFile());
    }

    /** The printed replay commands' arguments after the jar (racepipe replay JAR ...). */
    private static List<List<String>> replays() {
        List<List<String>> out = new ArrayList<>();
        Matcher m = REPLAY.matcher(analyzed.output());
        while (m.find()) {
            List<String> words = new ArrayList<>();
            Matcher w = Pattern.compile("'([^']*)'|(\\S+)").matcher(m.group(1));
            while (w.find()) {
                words.add(w.group(1) != null ? w.group(1) : w.group(2));
            }
            out.add(words.subList(words.indexOf("replay") + 1, words.size()));
        }
        return out;
    }

    private static Cli.Result replay(List<String> args, String... more) throws Exception {
        List<String> all = new ArrayList<>(List.of("replay"));
        all.addAll(args);
        all.addAll(List.of(more));
        return Cli.run(all.toArray(new String[0]));
    }

    @Test
    void every_printed_seed_replays_a_race_of_its_pair() throws Exception {
        assertThat(analyzed.code()).as(analyzed.output()).isEqualTo(1);
        List<List<String>> replays = replays();
        assertThat(replays).as(analyzed.output()).hasSizeGreaterThanOrEqualTo(5);
        for (List<String> r : replays) {
            Cli.Result again = replay(r);
            assertThat(again.code()).as(String.join(" ", r) + "\n" + again.output()).isEqualTo(1);
        }
        for (JsonNode p : report.get("pairs")) { // report.json's examples: every one raced its pair
            for (String ex : List.of("race", "crash")) {
                JsonNode t = p.at("/confirm/examples/" + ex);
                if (!t.isMissingNode()) {
                    assertThat(t.get("raced").asBoolean()).as(p.get("key").asText() + " " + ex).isTrue();
                }
            }
        }
    }

    @Test
    void a_line_racing_with_itself_shows_its_two_threads() throws Exception {
        String h = "Main.java:" + line("@H");
        List<String> self = replays().stream().filter(r -> {
            int i = r.indexOf("--pair");
            return r.get(i + 1).equals(r.get(i + 2));
        }).findFirst().orElseThrow(() -> new AssertionError("no replay of a site with itself:\n" + analyzed.output()));
        String out = replay(self).output();
        List<String> threads = new ArrayList<>();
        Matcher m = Pattern.compile("(?m)^  write at " + Pattern.quote(h) + " in Main.hit, thread (\\S+)$").matcher(out);
        while (m.find()) {
            threads.add(m.group(1));
        }
        assertThat(threads).as(out).hasSize(2).doesNotHaveDuplicates();
    }

    @Test
    void replay_names_the_library_field_and_arraycopys_read() throws Exception {
        String p = "Main.java:" + line("@P"), c = "Main.java:" + line("@C");
        String outs = "";
        for (List<String> r : replays()) {
            outs += replay(r).output() + "\n";
        }
        assertThat(outs).containsPattern("(?m)^  read  at " + Pattern.quote(c) + " ")
                .doesNotContainPattern("(?m)^  write at " + Pattern.quote(c) + " ")
                // the library's field: in the race line, and beside the access when the pair is named otherwise (its
                // variable is the field its example trial raced on, RacedNames, so the access line need not repeat it)
                .containsPattern("(?m)^race on java\\.util\\.HashMap object \\.\\w+;")
                .containsPattern("(?m)^  write at " + Pattern.quote(p) + " in Main.lambda\\$main\\$0(?: \\(java\\.util\\.HashMap\\.\\w+\\))?, thread ");
    }

    @Test
    void a_replay_the_clock_cuts_short_says_so_instead_of_another_outcome() throws Exception {
        List<String> r = replays().get(0);
        Cli.Result cut = replay(r, "--timeout", "1", "--", "20000");
        assertThat(cut.code()).as(cut.output()).isEqualTo(4);
        assertThat(cut.output()).contains("replay cut short by time after 1 s, before its schedule ended: no outcome");
    }

    private static int line(String marker) {
        List<String> lines = APP.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains("// " + marker)) {
                return i + 1;
            }
        }
        throw new AssertionError(marker);
    }
}
