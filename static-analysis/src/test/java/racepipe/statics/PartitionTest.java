package racepipe.statics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Per-instance array partitions and code one instance alone runs (WALA: InstanceIds, IndexPartition, SoleInstance). */
class PartitionTest {
    static Set<String> pairs;

    @BeforeAll
    static void analyse() {
        pairs = Fixtures.pairs(Fixtures.analyze("wala", "partition"), "partition");
    }

    @Test
    void blocks_of_the_id_should_not_pair_between_instances() {
        assertThat(pairs).doesNotContain("block block", "block blockAgain", "blockAgain blockAgain");
    }

    @Test
    void a_slot_per_id_and_code_under_id_equals_a_constant_should_not_pair() {
        assertThat(pairs).doesNotContain("slot slot", "zero zero");
    }

    @Test
    void cyclic_shares_and_their_rows_should_not_pair() {
        assertThat(pairs).doesNotContain("strided strided", "rowOwn rowOwn");
    }

    @Test
    void a_stride_below_the_workers_and_rows_that_are_one_array_should_pair() {
        assertThat(pairs).contains("halfStride halfStride", "rowShared rowShared");
    }

    @Test
    void different_constant_indices_should_not_pair() {
        assertThat(pairs).doesNotContain("duoA duoB").contains("duoA duoC");
    }

    @Test
    void overlapping_blocks_shared_slots_and_different_guards_should_pair() {
        assertThat(pairs).contains("overlap overlap", "half half", "one zero");
    }
}
