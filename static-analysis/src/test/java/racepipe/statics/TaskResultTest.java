package racepipe.statics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;

/** An object handed over once as a task's result (WALA): no pair; kept elsewhere as well: pairs. */
class TaskResultTest {
    @Test
    void a_tasks_fresh_result_should_not_pair() {
        Set<String> pairs = Fixtures.pairs(Fixtures.analyze("wala", "taskresult"), "taskresult");
        assertThat(pairs).doesNotContain("fill fill", "fill read")
                .contains("fillShared fillShared", "fillShared readShared");
    }
}
