package racepipe.pipeline.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import racepipe.contract.Outcome;
import racepipe.contract.TrialResult;
import racepipe.pipeline.model.DetectRun;

class StartFailureTest {
    static DetectRun run(Outcome o, List<String> lsPairs, DetectRun.Thrown... thrown) {
        return new DetectRun(0, 1L, o, null, thrown.length == 0 ? null : List.of(thrown), "Error: boom", Map.of("ls", lsPairs));
    }

    static final DetectRun.Thrown NCDFE = new DetectRun.Thrown("main", "java.lang.NoClassDefFoundError", "shoplib/Inventory");
    static final DetectRun.Thrown IAE = new DetectRun.Thrown("main", "java.lang.IllegalArgumentException", "bad input");

    @Test
    void a_missing_class_in_any_run_is_a_failure_naming_it() {
        assertThat(StartFailure.ofRuns(List.of(run(Outcome.OK, List.of("p")), run(Outcome.EXCEPTION, List.of(), NCDFE))))
                .isEqualTo("the program never got going: NoClassDefFoundError: shoplib/Inventory"
                        + " (a class is missing: give its jar or folder with --cp)");
    }

    @Test
    void main_throwing_in_every_run_before_anything_was_shared_is_a_failure_but_not_after_sharing() {
        assertThat(StartFailure.ofRuns(List.of(run(Outcome.EXCEPTION, List.of(), IAE), run(Outcome.EXCEPTION, List.of(), IAE))))
                .isEqualTo("the program never got going: every run ended in IllegalArgumentException: bad input (thread main)"
                        + " before any detector saw a shared access");
        // fixtures/throwing: main throws after its worker ran; lockset saw the shared field
        assertThat(StartFailure.ofRuns(List.of(run(Outcome.EXCEPTION, List.of("a|b"), IAE)))).isNull();
        assertThat(StartFailure.ofRuns(List.of(run(Outcome.EXCEPTION, List.of(), IAE), run(Outcome.OK, List.of())))).isNull();
        assertThat(StartFailure.ofRuns(List.of(run(Outcome.TIMEOUT, List.of())))).isNull();
        // benchmarks/pagestats: main's check throws on a lost update; only the atomicity check saw the sharing
        assertThat(StartFailure.ofRuns(List.of(run(Outcome.EXCEPTION, List.of(), IAE)), true)).isNull();
        assertThat(StartFailure.ofRuns(List.of(run(Outcome.CRASHED, List.of()))))
                .isEqualTo("the program never got going: every run's JVM crashed: Error: boom");
    }

    @Test
    void trials_fail_on_a_missing_class_or_when_every_worker_crashed() {
        TrialResult ok = new TrialResult(1, "racefuzzer", true, Outcome.OK, null, null, null, null, "ab", 0, 10, null);
        TrialResult missing = new TrialResult(2, "racefuzzer", false, Outcome.EXCEPTION,
                new TrialResult.Thrown("java.lang.ClassNotFoundException", "shop.Gone", "main", "", false),
                null, null, null, "cd", 0, 10, null);
        assertThat(StartFailure.ofTrials(List.of(ok))).isNull();
        assertThat(StartFailure.ofTrials(List.of(ok, missing))).startsWith("the program never got going: ClassNotFoundException: shop.Gone");
        assertThat(StartFailure.ofTrials(List.of(TrialResult.failed(1, "racefuzzer", Outcome.CRASHED, "Error: no agent | bye"))))
                .isEqualTo("the program never got going: every trial's worker JVM crashed: bye");
        assertThat(StartFailure.ofTrials(List.of())).isNull();
    }
}
