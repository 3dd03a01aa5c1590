package racepipe.pipeline.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import racepipe.contract.Outcome;
import racepipe.contract.TrialResult;
import racepipe.pipeline.model.SiteInfo;

class AttributionTest {
    static final SiteInfo A = SiteInfo.of("app/Log", "close", "()V", 3, "Log.java", 10, true);
    static final SiteInfo B = SiteInfo.of("app/Worker", "run", "()V", 5, "Worker.java", 20, false);

    /** A raced trial: which site's thread went first, and the exception's stack (or none). */
    static TrialResult trial(SiteInfo first, String exceptionStack) {
        TrialResult.Race race = new TrialResult.Race("a.f", first == A ? "T1" : "T2", 1,
                List.of(new TrialResult.Access(A.key(), "T1", ""), new TrialResult.Access(B.key(), "T2", "")));
        TrialResult.Thrown thrown = exceptionStack == null ? null
                : new TrialResult.Thrown("java.lang.IllegalStateException", null, "T1", exceptionStack, true);
        return new TrialResult(1, "racefuzzer", true, thrown == null ? Outcome.OK : Outcome.EXCEPTION, thrown, null, race,
                null, "x", 0, 0, null);
    }

    @Test
    void a_crash_in_one_order_only_is_the_pairs() {
        List<TrialResult> trials = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            trials.add(trial(A, "app.Main.check(Main.java:40) <- app.Main.main(Main.java:12)"));
            trials.add(trial(B, null));
        }
        Attribution.Result r = Attribution.of(A, B, trials);
        assertThat(r.attributed()).isTrue();
        assertThat(r.why()).contains("20/20 trials where Log.java:10 ran first, 0/20 otherwise");
    }

    @Test
    void a_crash_as_frequent_in_either_order_elsewhere_is_another_races() {
        List<TrialResult> trials = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            trials.add(trial(A, i % 2 == 0 ? "app.Main.check(Main.java:40)" : null));
            trials.add(trial(B, i % 2 == 1 ? "app.Main.check(Main.java:40)" : null));
        }
        assertThat(Attribution.of(A, B, trials).attributed()).isFalse();
    }

    @Test
    void a_crash_inside_a_racing_method_is_the_pairs() {
        List<TrialResult> trials = List.of(trial(B, "app.Worker.run(Worker.java:21) <- java.lang.Thread.run"));
        assertThat(Attribution.of(A, B, trials).attributed()).isTrue();
    }

    /** A raced trial that ended with every thread blocked, as the scheduler proves a missed notification. */
    static TrialResult hung(SiteInfo first) {
        TrialResult ok = trial(first, null);
        return new TrialResult(1, "racefuzzer", true, Outcome.DEADLOCK, null, null, ok.race(),
                "missed notification: T1 waits at app.Log.await(Log.java:12) for a notify on Object#1 that no thread is left to send; "
                        + "| stacks: T1: app.Log.await(Log.java:12) <- ", "x", 0, 0, null);
    }

    @Test
    void a_hang_in_one_order_only_is_the_pairs_failure() {
        List<TrialResult> trials = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            trials.add(hung(A));
            trials.add(trial(B, null));
        }
        assertThat(Attribution.failed(hung(A))).isTrue();
        Attribution.Result r = Attribution.of(A, B, trials);
        assertThat(r.attributed()).isTrue();
        assertThat(r.why()).startsWith("hangs in 10/10 trials where Log.java:10 ran first, 0/10 otherwise");
        assertThat(ConfirmRuns.totals(trials, new ConfirmRuns.Options(20, 1, "racefuzzer", 1, 1000, false, 0)).exceptions).containsEntry("hang: missed notification", 10);
    }

    @Test
    void hangs_as_frequent_in_either_order_are_not_the_pairs() {
        List<TrialResult> trials = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            trials.add(i % 2 == 0 ? hung(A) : trial(A, null));
            trials.add(i % 2 == 1 ? hung(B) : trial(B, null));
        }
        assertThat(Attribution.of(A, B, trials).attributed()).isFalse();
    }

    @Test
    void fisher_matches_a_hand_computed_tail() {
        // 3 of 3 against 0 of 3, margins fixed: P(X >= 3) = 1 / C(6,3) = 0.05
        assertThat(Attribution.fisherGreater(3, 0, 0, 3)).isCloseTo(0.05, offset(1e-9));
        assertThat(Attribution.fisherGreater(0, 3, 3, 0)).isCloseTo(1.0, offset(1e-9));
    }
}
