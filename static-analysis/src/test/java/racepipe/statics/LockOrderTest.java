package racepipe.statics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The WALA engine's lock-order graph: cycles of opposite orders (synchronized methods' monitors
 * at their first line), none behind a gate or between start-ordered threads.
 */
class LockOrderTest {
    @Test
    void opposite_orders_should_be_cycles_and_gated_or_start_ordered_ones_not() {
        StaticResult r = Fixtures.analyze("wala", "lockorder");
        Map<String, String> byLine = new HashMap<>();
        Fixtures.labels("lockorder").forEach((label, line) -> byLine.put(line, label));
        Set<String> cycles = new TreeSet<>();
        for (List<StaticSite> c : r.lockCycles()) {
            assertThat(c.size()).isIn(4, 6);
            cycles.add(String.join(" ", c.stream().map(s -> byLine.getOrDefault(s.file() + ":" + s.line(), s.file() + ":" + s.line()))
                    .sorted().toList()));
        }
        assertThat(cycles).containsExactlyInAnyOrder("ab1 ab2 ba1 ba2", "lm1 lm2 ml1 ml2", "dep dep tr tr", "look1 look2 reg1 reg2",
                "walletA walletA walletB walletB", "f12a f12b f23a f23b f31a f31b");
    }
}
