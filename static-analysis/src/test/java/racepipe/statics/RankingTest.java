package racepipe.statics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Each static pair says how sure it is (evidence "confidence" and "confidenceFactors"). */
class RankingTest {
    @Test
    void a_repeated_field_race_on_one_variable_should_rank_above_an_array_element_and_a_maybe_other_object() {
        StaticResult r = Fixtures.analyze("wala", "ranking");
        Map<String, String> label = Fixtures.labels("ranking").entrySet().stream()
                .collect(Collectors.toMap(Map.Entry::getValue, Map.Entry::getKey));
        Map<String, Double> score = r.pairs().stream()
                .filter(p -> p.a().line() == p.b().line() && p.a().write() && p.b().write())
                .collect(Collectors.toMap(p -> label.get(p.a().file() + ":" + p.a().line()),
                        p -> (Double) p.evidence().get("confidence")));
        assertThat(score.get("hits")).isEqualTo(1.0);
        assertThat(score.get("slot")).isLessThan(score.get("hits"));
        assertThat(score.get("box")).isLessThan(score.get("hits"));
        assertThat(r.pairs()).allSatisfy(p -> assertThat((List<?>) p.evidence().get("confidenceFactors")).isNotEmpty());
    }
}
