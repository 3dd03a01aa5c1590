package racepipe.pipeline.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import racepipe.contract.Outcome;
import racepipe.contract.TrialResult;
import racepipe.pipeline.input.ProgramInput;
import racepipe.pipeline.model.RacePair;
import racepipe.pipeline.model.SiteInfo;

/**
 * Every seed a pair's report prints is a trial that raced that pair: a trial that threw without
 * racing it (another race's crash, as in an ArrayList iterate-while-add test) is not its example.
 */
class ConfirmExamplesTest {
    private static final SiteInfo A = SiteInfo.of("demo/L", "add", "()V", 3, "L.java", 5, true);
    private static final SiteInfo B = SiteInfo.of("demo/L", "size", "()I", 1, "L.java", 9, false);
    private static final ProgramInput PROGRAM = new ProgramInput(Path.of("app.jar"), "demo.Main", List.of(), List.of());
    private static final ConfirmRuns.Options OPT = new ConfirmRuns.Options(3, 1, "racefuzzer", 1, 1000, false, 0);

    private static TrialResult trial(long seed, boolean raced, boolean threw) {
        TrialResult.Race race = raced ? new TrialResult.Race("demo.L.size", "main", 1, List.of(
                new TrialResult.Access(A.key(), "T1", "demo.L.add(L.java:5)"), new TrialResult.Access(B.key(), "T2", "demo.L.size(L.java:9)"))) : null;
        TrialResult.Thrown thrown = threw ? new TrialResult.Thrown("java.util.ConcurrentModificationException", null, "T2",
                "demo.L.iterate(L.java:12)", false) : null;
        return new TrialResult(seed, "racefuzzer", raced, threw ? Outcome.EXCEPTION : Outcome.OK, thrown, null, race,
                null, "s" + seed, 0, 10, null);
    }

    @Test
    void the_printed_seed_is_a_trial_that_raced_the_pair_not_another_races_crash() {
        RacePair p = new RacePair("demo.L.size", A, B);
        ConfirmRuns.fill(PROGRAM, p, List.of(trial(11, false, true), trial(12, true, false), trial(13, false, false)), OPT);
        assertThat(p.verdict).isEqualTo("real");
        assertThat(p.confirm.examples.crash()).isNull();
        assertThat(p.confirm.examples.best().seed()).isEqualTo(12);
        assertThat(p.confirm.replay).contains("--seed 12");
    }

    @Test
    void a_trial_that_raced_and_threw_is_the_example_to_replay_first() {
        RacePair p = new RacePair("demo.L.size", A, B);
        ConfirmRuns.fill(PROGRAM, p, List.of(trial(21, true, false), trial(22, false, true), trial(23, true, true)), OPT);
        assertThat(p.confirm.examples.best().seed()).isEqualTo(23);
        assertThat(p.confirm.replay).contains("--seed 23");
    }
}
