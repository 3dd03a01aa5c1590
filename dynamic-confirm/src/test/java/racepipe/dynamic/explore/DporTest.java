package racepipe.dynamic.explore;

import static org.assertj.core.api.Assertions.assertThat;
import static racepipe.dynamic.explore.Model.Kind.LOCK;
import static racepipe.dynamic.explore.Model.Kind.READ;
import static racepipe.dynamic.explore.Model.Kind.UNLOCK;
import static racepipe.dynamic.explore.Model.Kind.WRITE;
import static racepipe.dynamic.explore.Model.op;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class DporTest {
    private static List<Model.Op> repeat(int n, Model.Op... body) {
        List<Model.Op> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.addAll(List.of(body));
        }
        return out;
    }

    @Test
    void explore_should_count_one_execution_for_independent_threads() {
        Model m = new Model(List.of(repeat(5, op(READ, 0), op(WRITE, 0)), repeat(5, op(READ, 1), op(WRITE, 1))), 2);
        assertThat(m.explore(true).executions()).isEqualTo(1);
    }

    @Test
    void explore_should_count_the_orders_of_critical_sections() {
        List<Model.Op> body = repeat(3, op(LOCK, 0), op(READ, 0), op(WRITE, 0), op(UNLOCK, 0));
        Model.Explored e = new Model(List.of(body, body), 1).explore(true);
        assertThat(e.executions()).isEqualTo(20);
        assertThat(e.outcomes()).containsExactly("[6]");
    }

    @Test
    void explore_should_count_four_traces_of_a_lost_update() {
        List<Model.Op> body = List.of(op(READ, 0), op(WRITE, 0));
        Model.Explored e = new Model(List.of(body, body), 1).explore(true);
        assertThat(e.executions()).isEqualTo(4);
        assertThat(e.outcomes()).containsExactlyInAnyOrder("[1]", "[2]");
    }

    @Test
    void explore_should_find_both_orders_and_the_deadlock_of_a_lock_inversion() {
        Model m = new Model(List.of(List.of(op(LOCK, 0), op(LOCK, 1), op(WRITE, 0), op(UNLOCK, 1), op(UNLOCK, 0)),
                List.of(op(LOCK, 1), op(LOCK, 0), op(WRITE, 0), op(UNLOCK, 0), op(UNLOCK, 1))), 1);
        Model.Explored e = m.explore(true);
        assertThat(e.outcomes()).isEqualTo(m.explore(false).outcomes()).contains("deadlock");
        assertThat(e.executions()).isEqualTo(3);
    }
}
