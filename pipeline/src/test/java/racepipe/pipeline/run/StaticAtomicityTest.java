package racepipe.pipeline.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import racepipe.contract.CandidateKind;
import racepipe.pipeline.model.Candidate;
import racepipe.pipeline.model.ResultFile;
import racepipe.pipeline.model.SiteInfo;
import racepipe.statics.StaticResult;
import racepipe.statics.StaticSite;

class StaticAtomicityTest {
    private static StaticSite st(int bci) {
        return new StaticSite("p/Main", "m", "()V", bci, "Main.java", bci, false, "monitor");
    }

    private static Candidate dynamic(int... bcis) {
        List<SiteInfo> sites = new ArrayList<>();
        for (int b : bcis) {
            sites.add(new SiteInfo(st(b).key(), "p.Main", "m()V", b, "Main.java", b, "read"));
        }
        Candidate c = new Candidate(CandidateKind.ATOMIC_BLOCK, sites);
        c.predictors.put("velodrome", 1);
        return c;
    }

    private static StaticResult engine(List<List<StaticSite>> blocks) {
        return new StaticResult("wala", List.of(), List.of(), Map.of(), List.of(), List.of(), blocks);
    }

    @Test
    void a_static_block_the_runs_predicted_should_add_the_engine_to_each_of_its_interleavings() {
        ResultFile r = new ResultFile();
        r.candidates(CandidateKind.ATOMIC_BLOCK, new ArrayList<>(List.of(dynamic(1, 2, 3), dynamic(1, 2, 4), dynamic(2, 1, 3))));
        StaticAtomicity.merge(r, engine(List.of(List.of(st(1), st(2), st(9)))));
        assertEquals(3, r.atomicity.size(), "the same check and act: no new candidate, whatever the interleaving");
        assertEquals(Boolean.TRUE, r.atomicity.get(0).predictors.get("static:wala"));
        assertEquals(Boolean.TRUE, r.atomicity.get(1).predictors.get("static"));
        assertNull(r.atomicity.get(2).predictors.get("static"), "act then check is another block");
    }

    @Test
    void a_static_only_block_should_stay_under_atomicity_only_when_a_trial_interleaved_it() {
        ResultFile r = new ResultFile();
        r.candidates(CandidateKind.ATOMIC_BLOCK, new ArrayList<>(List.of(dynamic(7, 8, 9))));
        StaticAtomicity.merge(r, engine(List.of(List.of(st(1), st(2), st(3)), List.of(st(4), st(5), st(6)))));
        assertEquals(3, r.atomicity.size(), "both are tried");
        r.atomicity.get(0).verdict = "unconfirmed";
        r.atomicity.get(1).verdict = "unconfirmed";
        r.atomicity.get(2).verdict = "real";
        StaticAtomicity.settle(r);
        assertEquals(List.of("unconfirmed", "real"), r.atomicity.stream().map(c -> c.verdict).toList());
        assertEquals(1, r.staticAtomicity.size());
        assertEquals(1, r.staticAtomicity.get(0).sites.get(0).bci());
    }

    @Test
    void no_static_result_should_leave_the_blocks_alone() {
        ResultFile r = new ResultFile();
        StaticAtomicity.merge(r, null);
        StaticAtomicity.settle(r);
        assertNull(r.atomicity);
        assertNull(r.staticAtomicity);
    }
}
