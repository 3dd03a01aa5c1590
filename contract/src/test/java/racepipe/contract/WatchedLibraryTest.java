package racepipe.contract;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import racepipe.contract.WatchedLibrary.ArrayOperation;
import racepipe.contract.WatchedLibrary.SyncKind;

class WatchedLibraryTest {
    @Test
    void syncKind_should_follow_the_memory_model_per_method() {
        assertThat(WatchedLibrary.syncKind("java/util/concurrent/atomic/AtomicReference", "set")).isEqualTo(SyncKind.RELEASE);
        assertThat(WatchedLibrary.syncKind("java/util/concurrent/atomic/AtomicReference", "get")).isEqualTo(SyncKind.ACQUIRE);
        assertThat(WatchedLibrary.syncKind("java/util/concurrent/atomic/AtomicInteger", "compareAndSet")).isEqualTo(SyncKind.BOTH);
        assertThat(WatchedLibrary.syncKind("java/lang/invoke/VarHandle", "getAndAdd")).isEqualTo(SyncKind.BOTH);
        assertThat(WatchedLibrary.syncKind("java/lang/invoke/VarHandle", "setOpaque")).isNull();
        assertThat(WatchedLibrary.syncKind("java/util/concurrent/ConcurrentHashMap", "put")).isEqualTo(SyncKind.BOTH);
        assertThat(WatchedLibrary.syncKind("java/util/concurrent/ConcurrentHashMap", "get")).isEqualTo(SyncKind.ACQUIRE);
        assertThat(WatchedLibrary.syncKind("java/util/concurrent/CopyOnWriteArrayList", "set")).isEqualTo(SyncKind.BOTH);
        assertThat(WatchedLibrary.syncKind("java/util/HashMap", "put")).isNull();
        assertThat(WatchedLibrary.syncKind("java/util/concurrent/CountDownLatch", "countDown")).isNull();
    }

    @Test
    void arrayOperation_should_name_the_bulk_operations_only() {
        assertThat(WatchedLibrary.arrayOperation("java/lang/System", "arraycopy")).isEqualTo(ArrayOperation.COPY);
        assertThat(WatchedLibrary.arrayOperation("java/util/Arrays", "fill")).isEqualTo(ArrayOperation.WRITE);
        assertThat(WatchedLibrary.arrayOperation("java/util/Arrays", "copyOfRange")).isEqualTo(ArrayOperation.READ);
        assertThat(WatchedLibrary.arrayOperation("java/util/Arrays", "asList")).isNull();
        assertThat(WatchedLibrary.isCall("java/util/Arrays", "asList")).isFalse();
        assertThat(WatchedLibrary.isCall("java/util/Map", "put")).isTrue();
    }
}
