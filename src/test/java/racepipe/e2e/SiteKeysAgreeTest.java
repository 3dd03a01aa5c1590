package racepipe.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The static engines and the dynamic detectors name the same statements with the same site keys. */
class SiteKeysAgreeTest {
    /** file:line|file:line (sorted) -> pair key, for the pairs whose sites are one access per line. */
    static Map<String, String> byLines(JsonNode json) {
        Map<String, String> out = new HashMap<>();
        for (JsonNode p : json.get("pairs")) {
            String a = p.get("sites").get(0).get("file").asText() + ":" + p.get("sites").get(0).get("line").asText()
                    + ":" + p.get("sites").get(0).get("access").asText();
            String b = p.get("sites").get(1).get("file").asText() + ":" + p.get("sites").get(1).get("line").asText()
                    + ":" + p.get("sites").get(1).get("access").asText();
            out.put(a.compareTo(b) <= 0 ? a + "|" + b : b + "|" + a, p.get("key").asText());
        }
        return out;
    }

    @ParameterizedTest
    @ValueSource(strings = {"logservice", "miniserver"})
    void static_and_dynamic_keys_should_be_equal_for_the_same_statements(String bench) throws Exception {
        String entry = "benchmarks." + bench + ".Main";
        Cli.Result dyn = Cli.run("detect", Cli.BENCH.toString(), "--entry", entry, "--runs", "3", "--seed", "1");
        Map<String, String> dynamic = byLines(dyn.json());
        int compared = 0;
        for (String engine : new String[] {"wala", "sootup"}) {
            Cli.Result st = Cli.run("static", Cli.BENCH.toString(), "--entry", entry, "--engine", engine);
            assertThat(st.code()).as(st.output()).isZero();
            for (Map.Entry<String, String> e : byLines(st.json()).entrySet()) {
                String d = dynamic.get(e.getKey());
                if (d != null) {
                    assertThat(e.getValue()).as(engine + " " + e.getKey()).isEqualTo(d);
                    compared++;
                }
            }
        }
        assertThat(compared).as("pairs both sides reported").isGreaterThanOrEqualTo(4);
    }
}
