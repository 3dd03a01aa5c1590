package racepipe.pipeline.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import racepipe.pipeline.model.RacePair;
import racepipe.pipeline.model.SiteInfo;
import racepipe.pipeline.run.Ranking.Tier;

/** The order Phase 2 confirms candidates in. */
class RankingTest {
    static SiteInfo site(int bci) {
        return SiteInfo.of("app/Main", "run", "()V", bci, "Main.java", bci, true);
    }

    static RacePair pair(int a, int b, Map<String, Object> predictors) {
        RacePair p = new RacePair("app.Main.f", site(a), site(b));
        p.predictors.putAll(predictors);
        return p;
    }

    /** Phase 1 saw sites 1, 2 and 3 of Main.run (lines 1-3), in an ls pair and an hb pair. */
    static final Ranking.Seen RAN = Ranking.seen(List.of(pair(1, 2, Map.of("ls", 1)), pair(3, 3, Map.of("hb", 2)),
            pair(20, 21, Map.of("static", true))));

    @Test
    void seen_are_the_sites_and_lines_of_every_dynamic_pair() {
        assertThat(RAN.sites()).containsExactlyInAnyOrder(site(1).key(), site(2).key(), site(3).key());
        assertThat(RAN.ran(site(2))).isTrue();
        assertThat(RAN.ran(site(20))).isFalse();
        // another access on a line that ran
        assertThat(RAN.ran(SiteInfo.of("app/Main", "run", "()V", 77, "Main.java", 3, false))).isTrue();
        assertThat(RAN.ran(SiteInfo.of("app/Main", "other", "()V", 77, "Main.java", 3, false))).isFalse();
    }

    @Test
    void tiers_follow_the_evidence() {
        assertThat(Ranking.tier(pair(8, 9, Map.of("shb", 1, "hb", 1, "wcp", 1)), RAN)).isEqualTo(Tier.SCHEDULABLE);
        assertThat(Ranking.tier(pair(8, 9, Map.of("hb", 1, "wcp", 1, "syncp", 1)), RAN)).isEqualTo(Tier.HB);
        assertThat(Ranking.tier(pair(8, 9, Map.of("syncp", 1, "hybrid", 1)), RAN)).isEqualTo(Tier.PREDICTED);
        assertThat(Ranking.tier(pair(8, 9, Map.of("wcp", 1)), RAN)).isEqualTo(Tier.PREDICTED);
        assertThat(Ranking.tier(pair(8, 9, Map.of("static", true, "hb", 1)), RAN)).isEqualTo(Tier.HB);
        assertThat(Ranking.tier(pair(1, 2, Map.of("hybrid", 3, "ls", 3)), RAN)).isEqualTo(Tier.HYBRID);
        assertThat(Ranking.tier(pair(1, 2, Map.of("static", true, "ls", 1)), RAN)).isEqualTo(Tier.EXECUTED);
        assertThat(Ranking.tier(pair(3, 3, Map.of("static", true)), RAN)).isEqualTo(Tier.EXECUTED);
        assertThat(Ranking.tier(pair(1, 7, Map.of("static", true)), RAN)).isEqualTo(Tier.ONE_SITE);
        assertThat(Ranking.tier(pair(7, 8, Map.of("static", true)), RAN)).isEqualTo(Tier.UNSEEN);
    }

    @Test
    void observed_tiers_get_every_trial_and_the_fallback_a_prediction_alone_does_not() {
        assertThat(Tier.SCHEDULABLE.observed()).isTrue();
        assertThat(Tier.HB.observed()).isTrue();
        assertThat(Tier.PREDICTED.observed()).isFalse();
        assertThat(List.of(Tier.values())).startsWith(Tier.SCHEDULABLE, Tier.HB, Tier.PREDICTED, Tier.HYBRID);
    }

    @Test
    void the_pairs_every_predictor_agreed_on_come_first_not_last() {
        RacePair all = pair(1, 2, Map.of("static", true, "ls", 3, "eraser", 3, "hybrid", 3, "hb", 3));
        RacePair hbOnly = pair(1, 3, Map.of("hb", 1, "hybrid", 1, "ls", 1));
        RacePair hybrid = pair(2, 3, Map.of("static", true, "hybrid", 2, "ls", 2));
        RacePair both = pair(2, 2, Map.of("static", true));
        RacePair one = pair(1, 9, Map.of("static", true));
        RacePair none = pair(8, 9, Map.of("static", true));
        List<RacePair> keyOrder = new java.util.ArrayList<>(List.of(none, one, both, hybrid, hbOnly, all));
        keyOrder.sort(java.util.Comparator.comparing(p -> p.key));
        assertThat(Ranking.rank(keyOrder, RAN)).containsExactly(all, hbOnly, hybrid, both, one, none);
    }

    @Test
    void a_static_rank_breaks_ties_smaller_first_and_a_pair_without_one_comes_after() {
        RacePair first = pair(7, 8, Map.of("static", true));
        RacePair second = pair(5, 6, Map.of("static", true));
        RacePair unranked = pair(4, 5, Map.of("static", true));
        first.evidence = new TreeMap<>(Map.of("static:wala", Map.of("rank", 1)));
        second.evidence = new TreeMap<>(Map.of("static:wala", Map.of("rank", 7.5)));
        assertThat(Ranking.rank(List.of(unranked, second, first), RAN)).containsExactly(first, second, unranked);
    }

    @Test
    void a_static_confidence_orders_static_only_pairs_larger_first() {
        RacePair sure = pair(7, 8, Map.of("static", true));
        RacePair unsure = pair(5, 6, Map.of("static", true));
        sure.evidence = new TreeMap<>(Map.of("static:wala", Map.of("confidence", 1.0)));
        unsure.evidence = new TreeMap<>(Map.of("static:wala", Map.of("confidence", 0.3)));
        assertThat(Ranking.rank(List.of(unsure, sure), RAN)).containsExactly(sure, unsure);
    }

    /** A variable with many pairs (an array's) does not starve the others: one pair per variable first, within a tier. */
    @Test
    void within_a_tier_each_variable_gets_a_pair_before_any_gets_a_second() {
        List<RacePair> cells = new java.util.ArrayList<>();
        for (int i = 0; i < 5; i++) {
            RacePair p = pair(40 + i, 60 + i, Map.of("static", true));
            p.variable = "app.Main.cells[]";
            p.evidence = new TreeMap<>(Map.of("static:wala", Map.of("confidence", 0.9)));
            cells.add(p);
        }
        RacePair checksum = pair(80, 81, Map.of("static", true));
        checksum.variable = "app.Main.checksum";
        checksum.evidence = new TreeMap<>(Map.of("static:wala", Map.of("confidence", 0.5)));
        RacePair hb = pair(1, 3, Map.of("hb", 1));
        List<RacePair> all = new java.util.ArrayList<>(cells);
        all.add(checksum);
        all.add(hb);
        List<RacePair> ranked = Ranking.rank(all, RAN);
        assertThat(ranked.get(0)).isSameAs(hb); // tiers still come first
        assertThat(ranked.subList(1, 3)).containsExactly(cells.get(0), checksum);
        assertThat(ranked).hasSize(7);
    }
}
