package racepipe.pipeline.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import racepipe.contract.RunResult;
import racepipe.pipeline.model.SiteInfo;

/** How a run's sites become the pair's sites and variable, for calls into a dependency. */
class DetectRunsTest {
    static final String FRAME = "shoplib.Inventory.add(Inventory.java:4)";

    static RunResult.Site call(int id, int line, List<RunResult.LibraryAccess> library) {
        return new RunResult.Site(id, "shop/Main", "main", "([Ljava/lang/String;)V", id * 5, "Main.java", line,
                "call shoplib.Inventory.add", false, library);
    }

    static final List<RunResult.LibraryAccess> ADD = List.of(
            new RunResult.LibraryAccess("shoplib.Inventory.count", false, FRAME),
            new RunResult.LibraryAccess("shoplib.Inventory.count", true, FRAME),
            new RunResult.LibraryAccess("shoplib.Inventory.log", false, FRAME));

    @Test
    void a_call_into_a_dependency_is_a_write_when_a_write_inside_counted_at_it_and_keeps_its_frames() {
        SiteInfo s = DetectRuns.site(call(1, 8, ADD));
        assertThat(s.access()).isEqualTo("write");
        assertThat(s.library()).containsExactly(FRAME);
        assertThat(s.file() + ":" + s.line()).isEqualTo("Main.java:8");
        SiteInfo plain = DetectRuns.site(new RunResult.Site(2, "shop/Main", "run", "()V", 4, "Main.java", 9, "shop.Main.visits", false));
        assertThat(plain.access()).isEqualTo("read");
        assertThat(plain.library()).isEmpty();
    }

    @Test
    void the_pairs_variable_is_the_one_both_calls_share_with_a_write() {
        List<RunResult.LibraryAccess> size = List.of(new RunResult.LibraryAccess("shoplib.Inventory.count", false,
                "shoplib.Inventory.size(Inventory.java:5)"), new RunResult.LibraryAccess("shoplib.Inventory.log", false, FRAME));
        // log is only read on both sides: not what they race on
        assertThat(DetectRuns.variable(call(1, 8, ADD), call(2, 12, size))).isEqualTo("shoplib.Inventory.count");
        // nothing in common: the call's own name
        assertThat(DetectRuns.variable(call(1, 8, ADD), call(2, 12, List.of(new RunResult.LibraryAccess("shoplib.X.y", true, "f")))))
                .isEqualTo("call shoplib.Inventory.add");
        // a plain access of the application on the dependency's field
        RunResult.Site direct = new RunResult.Site(3, "shop/Main", "peek", "()V", 2, "Main.java", 20, "shoplib.Inventory.count", false);
        assertThat(DetectRuns.variable(direct, call(1, 8, ADD))).isEqualTo("shoplib.Inventory.count");
    }

    @Test
    void every_variable_both_calls_share_with_a_write_may_be_what_races_between_them() {
        List<RunResult.LibraryAccess> close = List.of(new RunResult.LibraryAccess("shoplib.Inventory.log", true, "shoplib.Inventory.close(Inventory.java:9)"),
                new RunResult.LibraryAccess("shoplib.Inventory.count", true, "shoplib.Inventory.close(Inventory.java:9)"));
        assertThat(DetectRuns.shared(call(1, 8, ADD), call(2, 12, close))).containsExactly("shoplib.Inventory.count", "shoplib.Inventory.log");
        RunResult.Site plain = new RunResult.Site(3, "shop/Main", "peek", "()V", 2, "Main.java", 20, "shop.Main.n", false);
        assertThat(DetectRuns.shared(plain, plain)).isEmpty();
    }

    static racepipe.pipeline.model.DetectRun run(racepipe.contract.Outcome outcome, String... hbPairs) {
        return new racepipe.pipeline.model.DetectRun(0, null, outcome, 0, null, null, java.util.Map.of("hb", List.of(hbPairs)));
    }

    @Test
    void unseeded_runs_stop_after_a_timeout_or_once_one_adds_nothing_seeded_ones_never() {
        var ok = racepipe.contract.Outcome.OK;
        var timeout = racepipe.contract.Outcome.TIMEOUT;
        assertThat(DetectRuns.skipRest(run(timeout), false, true, 0, 3)).isEqualTo(DetectRuns.AFTER_TIMEOUT);
        assertThat(DetectRuns.skipRest(run(timeout), true, true, 0, 3)).isNull(); // the rest go unseeded instead
        assertThat(DetectRuns.skipRest(run(ok, "a|b"), false, false, 1, 3)).isEqualTo(DetectRuns.REPEATED);
        assertThat(DetectRuns.skipRest(run(ok, "a|b"), false, true, 1, 3)).isNull();
        assertThat(DetectRuns.skipRest(run(ok, "a|b"), false, false, 0, 3)).isNull(); // the first always has a second
        assertThat(DetectRuns.skipRest(run(ok, "a|b"), true, false, 1, 3)).isNull();
        assertThat(DetectRuns.skipRest(run(ok, "a|b"), false, false, 2, 3)).isNull(); // none left to skip
        assertThat(DetectRuns.keys(run(ok, "a|b", "c|d"))).containsExactlyInAnyOrder("hb|a|b", "hb|c|d");
    }
}
