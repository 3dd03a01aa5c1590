package racepipe.pipeline.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import racepipe.contract.Outcome;
import racepipe.contract.TrialResult;
import racepipe.pipeline.model.SiteInfo;
import racepipe.pipeline.run.Ranking.Tier;

/** analyze's stopping rule on hand-made trial sequences. */
class StoppingTest {
    static final SiteInfo A = AttributionTest.A;
    static final SiteInfo B = AttributionTest.B;

    static TrialResult none() {
        return new TrialResult(1, "racefuzzer", false, Outcome.OK, null, null, null, null, "x", 0, 0, null);
    }

    static TrialResult hung() {
        return new TrialResult(1, "racefuzzer", false, Outcome.TIMEOUT, null, null, null, null, "x", 0, 0, null);
    }

    /** The trials after which the rule first says stop (max 50), or 50 when only the last one does. */
    static int stopsAfter(List<TrialResult> trials, Tier tier) {
        for (int n = 0; n <= trials.size(); n++) {
            if (Stopping.decide(trials.subList(0, n), 50, tier, A, B).stop()) {
                return n;
            }
        }
        return -1;
    }

    static List<TrialResult> times(int n, java.util.function.IntFunction<TrialResult> f) {
        List<TrialResult> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(f.apply(i));
        }
        return out;
    }

    @Test
    void a_race_that_never_throws_is_settled_real_after_ten_in_each_order() {
        List<TrialResult> t = times(50, i -> AttributionTest.trial(i % 2 == 0 ? A : B, null));
        assertThat(stopsAfter(t, Tier.HB)).isEqualTo(20);
        assertThat(Stopping.decide(t.subList(0, 20), 50, Tier.HB, A, B).why()).startsWith("settled real");
        // all in one order: the other order's crash is still possible, so every trial runs
        assertThat(stopsAfter(times(50, i -> AttributionTest.trial(A, null)), Tier.HB)).isEqualTo(50);
    }

    @Test
    void a_crash_inside_a_racing_method_settles_harmful_at_once() {
        List<TrialResult> t = new ArrayList<>(times(3, i -> AttributionTest.trial(A, null)));
        t.add(AttributionTest.trial(B, "app.Worker.run(Worker.java:21) <- java.lang.Thread.run"));
        t.addAll(times(46, i -> none()));
        assertThat(stopsAfter(t, Tier.HB)).isEqualTo(4);
    }

    @Test
    void a_crash_elsewhere_runs_every_trial_unless_one_order_crashes_beyond_doubt() {
        // another race's crash, as often in either order: Fisher's test needs all 50 trials
        List<TrialResult> other = times(50, i -> AttributionTest.trial(i % 2 == 0 ? A : B, i % 4 < 2 ? "app.Main.check(Main.java:40)" : null));
        assertThat(stopsAfter(other, Tier.HB)).isEqualTo(50);
        assertThat(Attribution.of(A, B, other).attributed()).isFalse();
        // crashes in every trial where A went first, never otherwise: p = 1/C(15,8) < 0.01/50 after 8 and 7
        List<TrialResult> ordered = times(50, i -> AttributionTest.trial(i % 2 == 0 ? A : B, i % 2 == 0 ? "app.Main.check(Main.java:40)" : null));
        int n = stopsAfter(ordered, Tier.HB);
        assertThat(n).isEqualTo(15);
        assertThat(Attribution.of(A, B, ordered.subList(0, n)).attributed()).isTrue();
    }

    @Test
    void without_a_race_the_evidence_sets_how_long_it_is_tried() {
        List<TrialResult> t = times(50, i -> none());
        assertThat(stopsAfter(t, Tier.HB)).isEqualTo(50);
        assertThat(stopsAfter(t, Tier.HYBRID)).isEqualTo(Stopping.NO_RACE);
        assertThat(stopsAfter(t, Tier.EXECUTED)).isEqualTo(Stopping.NO_RACE);
        assertThat(stopsAfter(t, Tier.ONE_SITE)).isEqualTo(Stopping.NO_RACE);
        assertThat(stopsAfter(t, Tier.UNSEEN)).isEqualTo(Stopping.PROBE);
        assertThat(Stopping.decide(t.subList(0, 2), 50, Tier.UNSEEN, A, B).why()).contains("probe");
        assertThat(Stopping.decide(t.subList(0, 2), 50, Tier.UNSEEN, A, B).unreached()).isTrue();
        assertThat(Stopping.decide(t.subList(0, 20), 50, Tier.EXECUTED, A, B).unreached()).isFalse();
        assertThat(Stopping.noRaceLimit(Tier.EXECUTED, 5)).isEqualTo(5);
    }

    @Test
    void a_probe_that_races_goes_on_as_any_raced_pair() {
        List<TrialResult> t = new ArrayList<>(List.of(none(), AttributionTest.trial(A, null)));
        t.addAll(times(48, i -> AttributionTest.trial(i % 2 == 0 ? B : A, null)));
        assertThat(stopsAfter(t, Tier.UNSEEN)).isEqualTo(21);
    }

    @Test
    void a_probe_trial_that_hung_does_not_count_as_not_reaching() {
        List<TrialResult> t = new ArrayList<>(List.of(hung(), none(), hung(), none()));
        t.addAll(times(46, i -> none()));
        assertThat(stopsAfter(t, Tier.UNSEEN)).isEqualTo(4);
        assertThat(Stopping.decide(t.subList(0, 4), 50, Tier.UNSEEN, A, B).unreached()).isTrue();
        // all hung: given up as any pair whose first trials hang, not unreached
        Stopping.Decision d = Stopping.decide(times(3, i -> hung()), 50, Tier.UNSEEN, A, B);
        assertThat(d.stop()).isTrue();
        assertThat(d.unreached()).isFalse();
    }

    static TrialResult cut() {
        return new TrialResult(1, "racefuzzer", false, Outcome.CUT, null, null, null, null, "x", 0, 0, null, 2000);
    }

    static TrialResult endedAfter(int fruitless) {
        return new TrialResult(1, "racefuzzer", false, Outcome.OK, null, null, null, null, "x", 0, 0, null, fruitless);
    }

    @Test
    void trials_that_ran_to_their_end_after_many_fruitless_postponements_count_as_cut() {
        List<TrialResult> t = new ArrayList<>(List.of(endedAfter(1800), cut(), endedAfter(Stopping.MEETING_TRIES)));
        t.addAll(times(47, i -> none()));
        assertThat(stopsAfter(t, Tier.EXECUTED)).isEqualTo(Stopping.CUT);
        assertThat(Stopping.decide(t.subList(0, 3), 50, Tier.EXECUTED, A, B).why()).contains("500+ times each");
        // one trial with few postponements (its sites ran rarely): the usual 20
        List<TrialResult> few = new ArrayList<>(List.of(endedAfter(1800), endedAfter(40), endedAfter(1800)));
        few.addAll(times(47, i -> endedAfter(1800)));
        assertThat(stopsAfter(few, Tier.ONE_SITE)).isEqualTo(Stopping.NO_RACE);
        assertThat(stopsAfter(times(50, i -> endedAfter(1800)), Tier.HB)).isEqualTo(50);
    }

    @Test
    void three_cut_trials_first_give_the_pair_up_unless_happens_before_saw_it() {
        assertThat(stopsAfter(times(50, i -> cut()), Tier.EXECUTED)).isEqualTo(Stopping.CUT);
        assertThat(stopsAfter(times(50, i -> cut()), Tier.HYBRID)).isEqualTo(Stopping.CUT);
        assertThat(Stopping.decide(times(3, i -> cut()), 50, Tier.ONE_SITE, A, B).why()).contains("no partner ever came");
        assertThat(stopsAfter(times(50, i -> cut()), Tier.HB)).isEqualTo(50);
        assertThat(stopsAfter(times(50, i -> cut()), Tier.SCHEDULABLE)).isEqualTo(50);
        // a race WCP or SyncP only predicted: a partner that never comes gives it up like a weaker tier
        assertThat(stopsAfter(times(50, i -> cut()), Tier.PREDICTED)).isEqualTo(Stopping.CUT);
        // one trial that ran to its end: the usual limit
        List<TrialResult> t = new ArrayList<>(List.of(cut(), none(), cut()));
        t.addAll(times(47, i -> cut()));
        assertThat(stopsAfter(t, Tier.EXECUTED)).isEqualTo(Stopping.NO_RACE);
        // a race in a later trial is still found: the cut trials came first, the race after them
        List<TrialResult> raced = new ArrayList<>(List.of(cut(), cut(), AttributionTest.trial(A, null)));
        raced.addAll(times(47, i -> AttributionTest.trial(i % 2 == 0 ? B : A, null)));
        assertThat(stopsAfter(raced, Tier.EXECUTED)).isGreaterThan(Stopping.CUT);
    }

    @Test
    void three_hung_trials_first_give_the_pair_up() {
        assertThat(stopsAfter(times(50, i -> hung()), Tier.HB)).isEqualTo(Stopping.HUNG);
        List<TrialResult> t = new ArrayList<>(List.of(none(), hung(), hung(), hung()));
        t.addAll(times(46, i -> none()));
        assertThat(stopsAfter(t, Tier.HB)).isEqualTo(50);
    }

    @Test
    void a_site_racing_with_itself_needs_twice_as_many_races() {
        List<TrialResult> t = times(50, i -> AttributionTest.trial(A, null));
        for (int n = 0; n <= 50; n++) {
            if (Stopping.decide(t.subList(0, n), 50, Tier.HB, A, A).stop()) {
                assertThat(n).isEqualTo(2 * Stopping.EACH_ORDER);
                return;
            }
        }
        throw new AssertionError("never stopped");
    }
}
