package racepipe.pipeline.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

class StaticCyclesTest {
    private static StaticSite st(int bci) {
        return new StaticSite("p/Main", "m", "()V", bci, "Main.java", bci, false, "lock");
    }

    private static Candidate dynamic(int... bcis) {
        List<SiteInfo> sites = new ArrayList<>();
        for (int b : bcis) {
            sites.add(new SiteInfo(st(b).key(), "p.Main", "m()V", b, "Main.java", b, "acquire"));
        }
        Candidate c = new Candidate(CandidateKind.LOCK_CYCLE, sites);
        c.predictors.put("igoodlock", 1);
        return c;
    }

    private static StaticResult engine(List<List<StaticSite>> cycles) {
        return new StaticResult("wala", List.of(), List.of(), Map.of(), List.of(), cycles);
    }

    @Test
    void same_cycle_should_hold_for_a_rotation_by_whole_participants_only() {
        assertTrue(StaticCycles.sameCycle(List.of("a", "b", "c", "d"), List.of("c", "d", "a", "b")));
        assertFalse(StaticCycles.sameCycle(List.of("a", "b", "c", "d"), List.of("b", "c", "d", "a")));
        assertFalse(StaticCycles.sameCycle(List.of("a", "b", "c", "d"), List.of("a", "b", "c")));
    }

    @Test
    void a_static_cycle_the_runs_predicted_should_add_the_engine_to_it() {
        ResultFile r = new ResultFile();
        r.candidates(CandidateKind.LOCK_CYCLE, new ArrayList<>(List.of(dynamic(1, 2, 3, 4))));
        StaticCycles.merge(r, engine(List.of(List.of(st(3), st(4), st(1), st(2)))));
        assertEquals(1, r.deadlocks.size());
        assertEquals(Boolean.TRUE, r.deadlocks.get(0).predictors.get("static:wala"));
        assertEquals(1, r.deadlocks.get(0).predictors.get("igoodlock"));
    }

    @Test
    void a_static_only_cycle_should_stay_a_deadlock_only_when_confirmed() {
        ResultFile r = new ResultFile();
        r.candidates(CandidateKind.LOCK_CYCLE, new ArrayList<>());
        StaticCycles.merge(r, engine(List.of(List.of(st(1), st(2), st(3), st(4)), List.of(st(5), st(6), st(7), st(8)))));
        assertEquals(2, r.deadlocks.size(), "both are tried");
        r.deadlocks.get(0).verdict = "unconfirmed";
        r.deadlocks.get(1).verdict = "confirmed";
        StaticCycles.settle(r);
        assertEquals(1, r.deadlocks.size());
        assertEquals("confirmed", r.deadlocks.get(0).verdict);
        assertEquals(1, r.staticCycles.size());
    }

    @Test
    void no_static_result_should_leave_the_cycles_alone() {
        ResultFile r = new ResultFile();
        StaticCycles.merge(r, null);
        StaticCycles.settle(r);
        assertNull(r.deadlocks);
        assertNull(r.staticCycles);
    }
}
