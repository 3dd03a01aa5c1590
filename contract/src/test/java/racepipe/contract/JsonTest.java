package racepipe.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

class JsonTest {
    @Property
    void any_string_should_survive_a_round_trip(@ForAll String s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(s, s);
        m.put("l", List.of(1L, -2L, true, "x"));
        assertThat(Json.read(Json.write(m))).isEqualTo(m);
    }

    @Property
    void any_long_should_survive_a_round_trip(@ForAll long n) {
        assertThat(Json.read(Json.write(List.of(n)))).isEqualTo(List.of(n));
    }
}
