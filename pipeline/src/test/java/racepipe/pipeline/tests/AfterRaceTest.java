package racepipe.pipeline.tests;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import racepipe.contract.Outcome;
import racepipe.contract.TrialResult;
import racepipe.pipeline.model.SiteInfo;

/** A test's assertion after join, failing only where the pair raced, is the pair's harm. */
class AfterRaceTest {
    static final SiteInfo A = SiteInfo.of("app/CounterTest", "lambda$hits$0", "()V", 3, "CounterTest.java", 10, false);
    static final SiteInfo B = SiteInfo.of("app/CounterTest", "lambda$hits$0", "()V", 9, "CounterTest.java", 10, true);

    static TrialResult trial(boolean raced, SiteInfo first, boolean fails) {
        TrialResult.Race race = raced ? new TrialResult.Race("a.f", first == A ? "T1" : "T2", 1,
                List.of(new TrialResult.Access(A.key(), "T1", ""), new TrialResult.Access(B.key(), "T2", ""))) : null;
        TrialResult.Thrown thrown = fails ? new TrialResult.Thrown("org.opentest4j.AssertionFailedError",
                "expected: <200> but was: <101>", "main", "app.CounterTest.hits(CounterTest.java:12)", raced) : null;
        return new TrialResult(1, "racefuzzer", raced, fails ? Outcome.EXCEPTION : Outcome.OK, thrown, null, race, null, "x", 0, 0, null);
    }

    @Test
    void a_failure_in_one_order_only_should_name_that_order_and_the_message() {
        List<TrialResult> trials = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            trials.add(trial(true, A, true));
            trials.add(trial(true, B, false));
        }
        assertThat(AfterRace.harm(A, B, trials)).contains("5 of 10 raced trials").contains("expected: <200> but was: <101>")
                .contains("the harmful order: CounterTest.java:10 first (fails 5/5, the other order 0/5)");
    }

    @Test
    void a_failure_in_both_orders_should_still_be_the_races() {
        List<TrialResult> trials = List.of(trial(true, A, true), trial(true, B, true), trial(false, null, false));
        assertThat(AfterRace.harm(A, B, trials)).contains("fails in both orders");
    }

    @Test
    void a_failure_without_the_race_or_no_failure_should_not_be_the_races() {
        assertThat(AfterRace.harm(A, B, List.of(trial(true, A, true), trial(false, null, true)))).isNull();
        assertThat(AfterRace.harm(A, B, List.of(trial(true, A, false), trial(true, B, false)))).isNull();
    }
}
