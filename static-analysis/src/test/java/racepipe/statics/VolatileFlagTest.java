package racepipe.statics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;

/** Hand-over by a volatile flag set by one thread (WALA). */
class VolatileFlagTest {
    @Test
    void data_written_before_the_flag_should_not_pair_with_reads_after_seeing_it() {
        Set<String> pairs = Fixtures.pairs(Fixtures.analyze("wala", "volatileflag"), "volatileflag");
        assertThat(pairs).doesNotContain("fill use").contains("late lateUse", "otherFill otherUse");
    }
}
