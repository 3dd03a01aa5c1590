package racepipe.statics;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import racepipe.statics.engines.Engines;

/** Progress as the stages go, and a limit that ends in a partial result, not an error. */
class LimitTest {
    static AnalysisInput crawler() throws Exception {
        Path jar = Path.of(benchmarks.crawler.Main.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        return AnalysisInput.of(jar, "benchmarks.crawler.Main");
    }

    @Test
    void every_stage_should_be_told_as_it_starts_and_ends() throws Exception {
        List<String> lines = new ArrayList<>();
        StaticResult r = Engines.byName("wala").analyze(crawler(), new StaticOptions(null, lines::add));
        assertThat(r.partial()).isNull();
        assertThat(lines).contains("static (wala): call graph + points-to ...", "static (wala): pairs ...");
        assertThat(lines).anyMatch(l -> l.startsWith("static (wala): call graph + points-to (") && l.contains(" s, peak heap "));
    }

    @Test
    void a_spent_limit_should_give_a_partial_result_marked_as_such() throws Exception {
        for (String engine : Engines.NAMES) {
            StaticResult r = Engines.byName(engine).analyze(crawler(), new StaticOptions(Duration.ofMillis(1), s -> { }));
            assertThat(r.partial()).as(engine).startsWith("stopped at the 1 ms limit");
            assertThat(r.stats()).containsKey(StaticResult.PARTIAL);
        }
    }
}
