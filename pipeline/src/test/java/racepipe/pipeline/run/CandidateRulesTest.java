package racepipe.pipeline.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import racepipe.contract.CandidateKind;
import racepipe.contract.Outcome;
import racepipe.contract.TrialResult;
import racepipe.pipeline.model.SiteInfo;

/** The stopping rule and verdicts of the other candidate kinds on hand-made trial sequences. */
class CandidateRulesTest {
    static TrialResult miss() {
        return new TrialResult(1, "deadlockfuzzer", false, Outcome.OK, null, null, null, null, "x", 0, 0, null);
    }

    static TrialResult deadlocked() {
        return new TrialResult(2, "deadlockfuzzer", true, Outcome.DEADLOCK, null, null, null, "cycle", "x", 0, 0, null);
    }

    /** The block: check and act in Shop.serve, as the agent names them. */
    static final List<SiteInfo> BLOCK = List.of(
            new SiteInfo("shop/Shop.serve()V@3", "shop.Shop", "serve()V", 3, "Shop.java", 10, "read"),
            new SiteInfo("shop/Shop.serve()V@9", "shop.Shop", "serve()V", 9, "Shop.java", 11, "write"),
            new SiteInfo("shop/Shop.serve()V@9", "shop.Shop", "serve()V", 9, "Shop.java", 11, "write"));

    /** A trial that interleaved the block (Worker-1 postponed at the act, Worker-2 in between), and what it threw. */
    static TrialResult hit(long seed, String thread, String stack) {
        TrialResult.Race race = new TrialResult.Race("shop.Shop object", "Worker-2", 1, List.of(
                new TrialResult.Access(BLOCK.get(1).key(), "Worker-1", ""), new TrialResult.Access(BLOCK.get(2).key(), "Worker-2", "")),
                List.of());
        TrialResult.Thrown t = thread == null ? null : new TrialResult.Thrown("java.lang.IllegalStateException", "m", thread, stack, true);
        return new TrialResult(seed, "atomfuzzer", true, t == null ? Outcome.OK : Outcome.EXCEPTION, t, null, race, null, "x", 0, 0, null);
    }

    /** A trial whose coin ran the act first (no interleaving), and what it threw. */
    static TrialResult serial(long seed, String thread, String stack) {
        TrialResult.Thrown t = thread == null ? null : new TrialResult.Thrown("java.lang.IllegalStateException", "m", thread, stack, false);
        return new TrialResult(seed, "atomfuzzer", false, t == null ? Outcome.OK : Outcome.EXCEPTION, t, null, null, null, "x", 0, 0, null);
    }

    static final String IN_BLOCK = "shop.Pool.take(Shop.java:30) <- shop.Shop.serve(Shop.java:11) <- java.lang.Thread.run(Thread.java:840)";
    static final String IN_MAIN = "shop.Main.main(Main.java:20)";
    static final String AT_CHECK = "shop.Pool.take(Shop.java:30) <- shop.Shop.serve(Shop.java:10) <- java.lang.Thread.run(Thread.java:840)";

    static int stopsAfter(CandidateKind kind, List<TrialResult> trials, int max) {
        for (int n = 0; n <= trials.size(); n++) {
            if (CandidateRules.decide(kind, BLOCK, trials.subList(0, n), max).stop()) {
                return n;
            }
        }
        return -1;
    }

    @Test
    void decide_should_settle_a_lock_cycle_confirmed_at_its_first_deadlock() {
        List<TrialResult> ts = List.of(miss(), miss(), deadlocked(), miss());
        assertThat(stopsAfter(CandidateKind.LOCK_CYCLE, ts, 50)).isEqualTo(3);
        assertThat(CandidateRules.verdict(CandidateKind.LOCK_CYCLE, BLOCK, ts.subList(0, 3))).isEqualTo("confirmed");
        assertThat(CandidateRules.example(ts).seed()).isEqualTo(2);
    }

    @Test
    void decide_should_give_up_after_the_no_race_bound_and_say_unconfirmed() {
        List<TrialResult> ts = java.util.Collections.nCopies(30, miss());
        assertThat(stopsAfter(CandidateKind.LOCK_CYCLE, ts, 50)).isEqualTo(Stopping.NO_RACE);
        assertThat(stopsAfter(CandidateKind.LOCK_CYCLE, ts, 5)).isEqualTo(5);
        assertThat(CandidateRules.verdict(CandidateKind.LOCK_CYCLE, BLOCK, ts)).isEqualTo("unconfirmed");
        assertThat(CandidateRules.example(ts)).isNull();
    }

    @Test
    void an_atomic_block_should_be_harmful_at_once_when_its_act_threw() {
        List<TrialResult> ts = List.of(miss(), hit(2, "Worker-1", IN_BLOCK), hit(3, null, null));
        assertThat(stopsAfter(CandidateKind.ATOMIC_BLOCK, ts, 50)).isEqualTo(2);
        assertThat(CandidateRules.verdict(CandidateKind.ATOMIC_BLOCK, BLOCK, ts.subList(0, 2))).isEqualTo("harmful");
    }

    @Test
    void a_benign_block_should_stay_real_when_another_block_throws_in_its_trials() {
        // another block's violation fails main in half the trials, interleaved or not (and once the
        // block's method throws at its check: not the act)
        List<TrialResult> ts = new java.util.ArrayList<>();
        for (int i = 0; i < 20; i++) {
            ts.add(hit(2 * i, i % 2 == 0 ? "main" : null, IN_MAIN));
            ts.add(serial(2 * i + 1, i % 2 == 0 ? "main" : null, IN_MAIN));
        }
        ts.add(hit(99, "Worker-2", AT_CHECK));
        assertThat(stopsAfter(CandidateKind.ATOMIC_BLOCK, ts, ts.size())).isEqualTo(ts.size());
        assertThat(CandidateRules.verdict(CandidateKind.ATOMIC_BLOCK, BLOCK, ts)).isEqualTo("real");
        assertThat(BlockAttribution.of(BLOCK, ts).why()).contains("another block's");
    }

    @Test
    void a_block_whose_interleaved_trials_alone_fail_main_should_be_harmful_by_fishers_test() {
        List<TrialResult> ts = new java.util.ArrayList<>();
        for (int i = 0; i < 12; i++) {
            ts.add(hit(2 * i, "main", IN_MAIN));
            ts.add(serial(2 * i + 1, null, null));
        }
        assertThat(CandidateRules.verdict(CandidateKind.ATOMIC_BLOCK, BLOCK, ts.subList(0, 4))).isEqualTo("real"); // 2 of 2: chance
        assertThat(CandidateRules.verdict(CandidateKind.ATOMIC_BLOCK, BLOCK, ts)).isEqualTo("harmful");
        int n = stopsAfter(CandidateKind.ATOMIC_BLOCK, ts, 50);
        assertThat(n).isGreaterThan(4).isLessThanOrEqualTo(ts.size());
    }

    @Test
    void an_exception_thrown_at_the_blocks_check_should_not_be_the_blocks() {
        // connpool's lease..release: its interleaved trials throw at the lease (its check), the act of another block
        List<TrialResult> ts = new java.util.ArrayList<>();
        for (int i = 0; i < 12; i++) {
            ts.add(hit(2 * i, "Worker-2", AT_CHECK));
            ts.add(serial(2 * i + 1, null, null));
        }
        assertThat(CandidateRules.verdict(CandidateKind.ATOMIC_BLOCK, BLOCK, ts)).isEqualTo("real");
        assertThat(stopsAfter(CandidateKind.ATOMIC_BLOCK, ts, 50)).isLessThan(ts.size());
        assertThat(BlockAttribution.beforeAct(BLOCK.get(0), BLOCK.get(1), ts.get(0).exception())).isTrue();
        assertThat(BlockAttribution.beforeAct(BLOCK.get(0), BLOCK.get(1), hit(1, "Worker-1", IN_BLOCK).exception())).isFalse();
    }

    @Test
    void the_trial_shown_should_be_one_that_throws_the_blocks_own_exception_or_none() {
        List<TrialResult> ts = List.of(hit(1, "Worker-2", AT_CHECK), hit(2, null, null), hit(3, "Worker-1", IN_BLOCK));
        assertThat(CandidateRules.example(BLOCK, ts, "harmful").seed()).isEqualTo(3);
        assertThat(CandidateRules.example(BLOCK, ts, "real").seed()).isEqualTo(2); // a real block's replay throws nothing
        assertThat(CandidateRules.example(BLOCK, ts.subList(0, 1), "real").seed()).isEqualTo(1);
    }

    @Test
    void decide_should_stop_when_the_first_trials_all_hung() {
        TrialResult hung = new TrialResult(1, "deadlockfuzzer", false, Outcome.TIMEOUT, null, null, null, null, "x", 0, 0, null);
        assertThat(stopsAfter(CandidateKind.LOCK_CYCLE, List.of(hung, hung, hung, hung), 50)).isEqualTo(Stopping.HUNG);
    }
}
