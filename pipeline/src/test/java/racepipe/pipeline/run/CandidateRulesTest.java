package racepipe.pipeline.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import racepipe.contract.CandidateKind;
import racepipe.contract.Outcome;
import racepipe.contract.TrialResult;

/** The stopping rule and verdicts of the other candidate kinds on hand-made trial sequences. */
class CandidateRulesTest {
    static TrialResult miss() {
        return new TrialResult(1, "deadlockfuzzer", false, Outcome.OK, null, null, null, null, "x", 0, 0, null);
    }

    static TrialResult deadlocked() {
        return new TrialResult(2, "deadlockfuzzer", true, Outcome.DEADLOCK, null, null, null, "cycle", "x", 0, 0, null);
    }

    static TrialResult threw() {
        return new TrialResult(3, "atomfuzzer", true, Outcome.EXCEPTION,
                new TrialResult.Thrown("java.lang.IllegalStateException", "m", "T", "s", true), null, null, null, "x", 0, 0, null);
    }

    static int stopsAfter(CandidateKind kind, List<TrialResult> trials, int max) {
        for (int n = 0; n <= trials.size(); n++) {
            if (CandidateRules.decide(kind, trials.subList(0, n), max).stop()) {
                return n;
            }
        }
        return -1;
    }

    @Test
    void decide_should_settle_a_lock_cycle_confirmed_at_its_first_deadlock() {
        List<TrialResult> ts = List.of(miss(), miss(), deadlocked(), miss());
        assertThat(stopsAfter(CandidateKind.LOCK_CYCLE, ts, 50)).isEqualTo(3);
        assertThat(CandidateRules.verdict(CandidateKind.LOCK_CYCLE, ts.subList(0, 3))).isEqualTo("confirmed");
        assertThat(CandidateRules.example(ts).seed()).isEqualTo(2);
    }

    @Test
    void decide_should_give_up_after_the_no_race_bound_and_say_unconfirmed() {
        List<TrialResult> ts = java.util.Collections.nCopies(30, miss());
        assertThat(stopsAfter(CandidateKind.LOCK_CYCLE, ts, 50)).isEqualTo(Stopping.NO_RACE);
        assertThat(stopsAfter(CandidateKind.LOCK_CYCLE, ts, 5)).isEqualTo(5);
        assertThat(CandidateRules.verdict(CandidateKind.LOCK_CYCLE, ts)).isEqualTo("unconfirmed");
        assertThat(CandidateRules.example(ts)).isNull();
    }

    @Test
    void decide_should_settle_an_atomic_block_harmful_when_an_interleaved_trial_threw() {
        List<TrialResult> ts = List.of(miss(), threw());
        assertThat(stopsAfter(CandidateKind.ATOMIC_BLOCK, ts, 50)).isEqualTo(2);
        assertThat(CandidateRules.verdict(CandidateKind.ATOMIC_BLOCK, ts)).isEqualTo("harmful");
    }

    @Test
    void decide_should_stop_when_the_first_trials_all_hung() {
        TrialResult hung = new TrialResult(1, "deadlockfuzzer", false, Outcome.TIMEOUT, null, null, null, null, "x", 0, 0, null);
        assertThat(stopsAfter(CandidateKind.LOCK_CYCLE, List.of(hung, hung, hung, hung), 50)).isEqualTo(Stopping.HUNG);
    }
}
