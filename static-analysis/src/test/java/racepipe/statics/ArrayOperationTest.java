package racepipe.statics;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** System.arraycopy and Arrays.fill (WALA): accesses to the array arguments' elements at the call. */
class ArrayOperationTest {
    @Test
    void arraycopy_should_write_its_destination_and_read_its_source_at_the_call() {
        var pairs = Fixtures.pairs(Fixtures.analyze("wala", "arraycopy"), "arraycopy");
        assertThat(pairs).contains("copy read").doesNotContain("fill read", "fill fill");
    }
}
