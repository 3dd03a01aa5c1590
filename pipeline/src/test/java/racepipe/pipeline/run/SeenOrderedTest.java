package racepipe.pipeline.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import racepipe.pipeline.model.RacePair;
import racepipe.pipeline.model.SiteInfo;

/** Which pairs Phase 2 tries when the runs saw a pair ordered (SmallRacesTest p09: a box through a ConcurrentHashMap). */
class SeenOrderedTest {
    private static final List<String> DEFAULT = List.of("static", "hybrid");

    private static RacePair pair(String... predictors) {
        RacePair p = new RacePair("a.Box.x", SiteInfo.of("a/T", "w", "()V", 1, "T.java", 3, true),
                SiteInfo.of("a/T", "r", "()V", 2, "T.java", 7, false));
        for (String k : predictors) {
            p.predictors.put(k, k.startsWith("static") ? (Object) true : 1);
        }
        return p;
    }

    @Test
    void a_static_pair_that_lockset_saw_and_hybrid_ordered_should_not_be_a_candidate() {
        RacePair p = pair("static", "static:wala", "ls");
        assertThat(SeenOrdered.ordered(p)).isTrue();
        assertThat(SeenOrdered.candidate(p, DEFAULT)).isFalse();
    }

    @Test
    void a_static_pair_no_run_saw_should_stay_a_candidate() {
        assertThat(SeenOrdered.candidate(pair("static", "static:wala"), DEFAULT)).isTrue();
    }

    @Test
    void a_pair_some_happens_before_detector_found_unordered_should_stay_a_candidate() {
        assertThat(SeenOrdered.candidate(pair("static", "ls", "hybrid"), DEFAULT)).isTrue();
        RacePair hbOnly = pair("static", "ls", "hb"); // hybrid missed it in this run, hb saw it unordered in another
        assertThat(SeenOrdered.ordered(hbOnly)).isFalse();
        assertThat(SeenOrdered.candidate(hbOnly, DEFAULT)).isTrue();
    }

    @Test
    void lockset_alone_should_give_a_candidate_only_when_chosen() {
        RacePair p = pair("ls", "eraser");
        assertThat(SeenOrdered.candidate(p, DEFAULT)).isFalse();
        assertThat(SeenOrdered.candidate(p, List.of("ls"))).isTrue();
        assertThat(SeenOrdered.candidate(pair("static", "eraser"), List.of("static", "eraser"))).isTrue();
    }
}
