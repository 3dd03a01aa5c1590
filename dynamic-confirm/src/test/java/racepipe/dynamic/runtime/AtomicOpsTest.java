package racepipe.dynamic.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.Hashtable;
import java.util.Vector;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/** Which collections' calls are atomic-block operations at run time besides java.util.concurrent's. */
class AtomicOpsTest {
    @Test
    void synchronized_collections_should_count_and_plain_ones_should_not() {
        assertThat(AtomicOps.synchronizedCollection(Collections.synchronizedList(new ArrayList<>()))).isTrue();
        assertThat(AtomicOps.synchronizedCollection(Collections.synchronizedMap(new HashMap<>()))).isTrue();
        assertThat(AtomicOps.synchronizedCollection(Collections.synchronizedSet(new java.util.HashSet<>()))).isTrue();
        assertThat(AtomicOps.synchronizedCollection(new Vector<>())).isTrue();
        assertThat(AtomicOps.synchronizedCollection(new Hashtable<>())).isTrue();
        assertThat(AtomicOps.synchronizedCollection(new ArrayList<>())).isFalse();
        assertThat(AtomicOps.synchronizedCollection(new HashMap<>())).isFalse();
        assertThat(AtomicOps.synchronizedCollection(new ConcurrentHashMap<>())).isFalse(); // java.util.concurrent's own rule
    }
}
