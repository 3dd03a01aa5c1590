package racepipe.statics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The WALA engine's atomic-block candidates: a check-then-act across two synchronized methods of a
 * shared object (and on a volatile) is one; the same calls inside one synchronized block on the
 * object, on an object each thread allocates for itself, or after the joins are not.
 */
class AtomicBlocksTest {
    @Test
    void split_check_then_act_should_be_a_block_and_guarded_confined_or_joined_ones_not() {
        StaticResult r = Fixtures.analyze("wala", "atomicblocks");
        Map<String, String> byLine = new HashMap<>();
        Fixtures.labels("atomicblocks").forEach((label, line) -> byLine.put(line, label));
        List<String> blocks = r.atomicBlocks().stream().map(b -> {
            assertThat(b).hasSize(3);
            return b.stream().map(s -> byLine.getOrDefault(s.file() + ":" + s.line(), s.file() + ":" + s.line()))
                    .toList().toString();
        }).sorted().toList();
        // the other thread's writing operation: the other worker's act
        assertThat(blocks).containsExactly("[check, act, act]", "[vcheck, vact, vact]");
        assertThat(r.atomicBlocks().get(0).get(0).key()).startsWith("racepipe/statics/fixtures/atomicblocks/Main.");
    }
}
