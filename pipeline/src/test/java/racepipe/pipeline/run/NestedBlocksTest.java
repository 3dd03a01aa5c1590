package racepipe.pipeline.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import racepipe.contract.CandidateKind;
import racepipe.pipeline.model.Candidate;
import racepipe.pipeline.model.Confirm;
import racepipe.pipeline.model.SiteInfo;

/** pagestats' shape: read..write (harmful) inside read..add, whose order test only saw read..write's lost view. */
class NestedBlocksTest {
    private static SiteInfo site(int bci) {
        return new SiteInfo("p/Main.log()V@" + bci, "p.Main", "log()V", bci, "Main.java", bci, "read");
    }

    private static Candidate block(int check, int act, String verdict, String attribution) {
        Candidate c = new Candidate(CandidateKind.ATOMIC_BLOCK, List.of(site(check), site(act), site(check)));
        c.verdict = verdict;
        c.confirm = new Confirm();
        c.confirm.attribution = attribution;
        return c;
    }

    @Test
    void an_outer_block_harmful_by_the_order_test_alone_should_be_real_around_a_harmful_inner_one() {
        Candidate inner = block(4, 9, "harmful", "trials that interleaved the block threw in 8/8, the others in 0/7");
        Candidate outer = block(4, 14, "harmful", "trials that interleaved the block threw in 9/10, the others in 0/8");
        Candidate after = block(9, 14, "real", "trials that interleaved the block threw in 5/9, the others in 4/8");
        NestedBlocks.settle(List.of(outer, inner, after));
        assertThat(inner.verdict).isEqualTo("harmful");
        assertThat(outer.verdict).isEqualTo("real");
        assertThat(outer.confirm.attribution).contains("harmful block inside it");
        assertThat(after.verdict).isEqualTo("real");
    }

    @Test
    void an_outer_block_whose_own_act_threw_should_stay_harmful() {
        Candidate inner = block(4, 9, "harmful", "x thrown inside the block's act");
        Candidate outer = block(4, 14, "harmful", "java.lang.IllegalStateException thrown inside the block's act (p.Main.log(Main.java:14))");
        NestedBlocks.settle(List.of(outer, inner));
        assertThat(outer.verdict).isEqualTo("harmful");
    }
}
