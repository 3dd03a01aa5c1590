package racepipe.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** racepipe detect on the bundled benchmarks and on misbehaving programs, through the CLI. */
class DetectCliTest {
    static List<String> sets(JsonNode json) {
        List<String> out = new ArrayList<>();
        json.get("runs").forEach(r -> out.add(r.get("sets").toString()));
        return out;
    }

    static List<String> variables(JsonNode json, String detector) {
        List<String> out = new ArrayList<>();
        json.get("pairs").forEach(p -> {
            if (p.get("predictors").has(detector)) {
                String v = p.get("variable").asText();
                out.add(v.substring(v.lastIndexOf('.') + 1));
            }
        });
        return out;
    }

    @Test
    void same_seed_should_give_the_same_sets() throws Exception {
        Cli.Result a = Cli.run("detect", Cli.BENCH.toString(), "--entry", "benchmarks.logservice.Main", "--runs", "4", "--seed", "5");
        Cli.Result b = Cli.run("detect", Cli.BENCH.toString(), "--entry", "benchmarks.logservice.Main", "--runs", "4", "--seed", "5");
        assertThat(a.code()).as(a.output()).isZero();
        assertThat(sets(a.json())).isEqualTo(sets(b.json()));
        assertThat(variables(a.json(), "hybrid")).contains("lastActive", "log").doesNotContain("ready");
    }

    static List<String> lines(JsonNode json, String detector) {
        List<String> out = new ArrayList<>();
        json.get("pairs").forEach(p -> {
            if (p.get("predictors").has(detector)) {
                List<String> two = new ArrayList<>();
                p.get("sites").forEach(s -> two.add(s.get("file").asText() + ":" + s.get("line").asText()));
                two.sort(null);
                out.add(String.join(" ~ ", two));
            }
        });
        out.sort(null);
        return out;
    }

    @Test
    void static_help_should_leave_the_proven_thread_local_accesses_unwatched_and_none_of_them_is_in_a_pair() throws Exception {
        String[] program = {Cli.BENCH.toString(), "--entry", "benchmarks.sor.Main", "--runs", "2", "--seed", "1"};
        Cli.Result statics = Cli.run("static", Cli.BENCH.toString(), "--entry", "benchmarks.sor.Main");
        List<String> local = new ArrayList<>();
        statics.json().get("options").get("threadLocal").forEach(k -> local.add(k.asText()));
        assertThat(local).isNotEmpty().allSatisfy(k -> assertThat(k).startsWith("benchmarks/sor/"));
        Cli.Result plain = Cli.run(concat("detect", program));
        List<String> paired = new ArrayList<>();
        plain.json().get("pairs").forEach(p -> p.get("sites").forEach(s -> paired.add(s.get("key").asText())));
        assertThat(paired).isNotEmpty().doesNotContainAnyElementsOf(local); // the proof holds on what the detectors saw

        Cli.Result helped = Cli.run(concat("detect", concat("--static-help", program)));
        assertThat(helped.code()).as(helped.output()).isZero();
        assertThat(helped.output()).contains("static help (wala): " + local.size() + " accesses proven thread-local, not watched");
        assertThat(helped.json().get("options").get("staticHelp").get("unwatched").asInt()).isEqualTo(local.size());
        List<String> seen = new ArrayList<>();
        helped.json().get("pairs").forEach(p -> p.get("sites").forEach(s -> seen.add(s.get("key").asText())));
        assertThat(seen).isNotEmpty().doesNotContainAnyElementsOf(local);
    }

    private static String[] concat(String first, String... rest) {
        String[] all = new String[rest.length + 1];
        all[0] = first;
        System.arraycopy(rest, 0, all, 1, rest.length);
        return all;
    }

    @Test
    void synchronized_lists_should_race_inside_java_util_at_the_application_calls() throws Exception {
        Cli.Result r = Cli.run("detect", Cli.BENCH.toString(), "--entry", "benchmarks.synclist.Main", "--runs", "2", "--seed", "1");
        assertThat(r.code()).as(r.output()).isZero();
        // containsAll (holding the catalog's mutex) iterates the order's list; removeAll and addAll hold the order's mutex
        List<String> real = List.of("Catalog.java:24 ~ Order.java:23", "Catalog.java:24 ~ Order.java:28");
        assertThat(lines(r.json(), "hybrid")).isEqualTo(real);
        assertThat(lines(r.json(), "hb")).isEqualTo(real);
        // the order filled by main before the threads start: only the lockset sees it
        assertThat(lines(r.json(), "ls")).contains("Catalog.java:24 ~ Order.java:18").containsAll(real);
    }

    @Test
    void executor_hand_offs_should_order_accesses_for_hb_and_hybrid() throws Exception {
        Cli.Result st = Cli.run("detect", Cli.BENCH.toString(), "--entry", "benchmarks.st_executor.Main", "--runs", "2", "--seed", "1");
        // E, R, S race with main; J is ordered by f.join(), which hb now sees
        assertThat(lines(st.json(), "hb")).isEqualTo(List.of("Main.java:22 ~ Main.java:23", "Main.java:25 ~ Main.java:36",
                "Main.java:26 ~ Main.java:27"));
        assertThat(lines(st.json(), "ls")).contains("Main.java:29 ~ Main.java:37");
        // a task is a message, as a thread's start and join are: hybrid orders what hb orders here
        assertThat(lines(st.json(), "hybrid")).isEqualTo(lines(st.json(), "hb"));
        Cli.Result h = Cli.run("detect", Cli.BENCH.toString(), "--entry", "benchmarks.histogram.Main", "--runs", "2", "--seed", "1");
        // submit orders main's fills before the tasks, Future.get orders the tasks before main's reads
        assertThat(lines(h.json(), "hb")).containsOnly("Main.java:54 ~ Main.java:54");
        assertThat(lines(h.json(), "hybrid")).containsOnly("Main.java:54 ~ Main.java:54");
    }

    @Test
    void the_fifth_thread_should_get_its_start_edge_and_the_run_end_ok() throws Exception {
        // main and four threads: the fifth id once grew the atomicity check's clocks inside its start
        // event, which then never reached the race detectors (false hb pairs, an "exception" run)
        Cli.Result r = Cli.run("detect", Cli.BENCH.toString(), "--entry", "benchmarks.boundedbuffer.Main", "--runs", "2",
                "--seed", "1");
        r.json().get("runs").forEach(run -> assertThat(run.get("outcome").asText()).as(run.toString()).isEqualTo("ok"));
        // the truth's one racing pair (B1, the closed flag); J1-J3 are ordered by the monitor and the joins
        assertThat(lines(r.json(), "hb")).containsExactly("BoundedBuffer.java:30 ~ BoundedBuffer.java:46");
    }

    @Test
    void a_barrier_action_should_come_after_every_partys_arrival_under_the_scheduler() throws Exception {
        // SOR's sweepEnd action (record, reset) runs in the party that reaches the JDK's await last; its
        // arrival's edges once came before a scheduling point, so a party that lost the turn there arrived
        // first in the edges and last in the JDK, and hb paired the action with the other worker's fold
        // (the truth's D3-D5, false: 5 hb pairs in each of these three runs)
        Cli.Result r = Cli.run("detect", Cli.BENCH.toString(), "--entry", "benchmarks.sor.Main", "--runs", "3", "--seed", "2",
                "--detectors", "hb");
        assertThat(lines(r.json(), "hb")).containsExactly("Solver.java:43 ~ Solver.java:44", "Solver.java:44 ~ Solver.java:44");
    }

    @Test
    void handoff_should_be_flagged_by_ls_and_not_by_hb() throws Exception {
        Cli.Result r = Cli.run("detect", Cli.BENCH.toString(), "--entry", "benchmarks.handoff.Main", "--runs", "3", "--seed", "1");
        assertThat(variables(r.json(), "ls")).contains("x");
        assertThat(variables(r.json(), "hb")).isEmpty();
    }

    @ParameterizedTest
    @CsvSource({"fixtures.exits.Main, exit", "fixtures.hangs.Main, timeout", "fixtures.deadlocks.Main, deadlock",
            "fixtures.throwing.Main, exception", "fixtures.spins.Main, ok", "fixtures.pool.Main, ok", "fixtures.blocksio.Main, ok"})
    void a_misbehaving_program_should_end_with_its_outcome_named(String entry, String outcome) throws Exception {
        Cli.Result r = Cli.run("detect", Cli.BENCH.toString(), "--entry", entry, "--runs", "1", "--seed", "2", "--timeout", "4");
        assertThat(r.code()).as(r.output()).isZero();
        assertThat(r.json().get("runs").get(0).get("outcome").asText()).isEqualTo(outcome);
    }

    @ParameterizedTest
    @CsvSource({"/no/such.jar, benchmarks.logservice.Main, no such jar",
            "pom.xml, benchmarks.logservice.Main, not a jar",
            "BENCH, benchmarks.nope.Main, is not in",
            "BENCH, benchmarks.logservice.LogService, has no public static void main"})
    void bad_input_should_get_one_line_and_exit_2(String jar, String entry, String message) throws Exception {
        String path = jar.equals("BENCH") ? Cli.BENCH.toString() : jar.startsWith("/") ? jar : Cli.ROOT.resolve(jar).toString();
        Cli.Result r = Cli.run("detect", path, "--entry", entry);
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.output().strip()).contains(message).doesNotContain("\n").doesNotContain("Exception");
    }
}
