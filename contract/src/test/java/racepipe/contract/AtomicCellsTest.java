package racepipe.contract;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AtomicCellsTest {
    @Test
    void mode_should_tell_reads_writes_and_updates_of_atomics() {
        assertThat(AtomicCells.mode("java/util/concurrent/atomic/AtomicInteger", "get")).isEqualTo(AtomicCells.Mode.READ);
        assertThat(AtomicCells.mode("java/util/concurrent/atomic/AtomicInteger", "set")).isEqualTo(AtomicCells.Mode.WRITE);
        assertThat(AtomicCells.mode("java/util/concurrent/atomic/AtomicInteger", "incrementAndGet"))
                .isEqualTo(AtomicCells.Mode.UPDATE);
        assertThat(AtomicCells.mode("java/util/concurrent/atomic/AtomicLongArray", "compareAndSet"))
                .isEqualTo(AtomicCells.Mode.UPDATE);
        assertThat(AtomicCells.mode("java/util/concurrent/atomic/LongAdder", "sum")).isEqualTo(AtomicCells.Mode.READ);
        assertThat(AtomicCells.mode("java/util/concurrent/atomic/LongAdder", "increment")).isEqualTo(AtomicCells.Mode.UPDATE);
        assertThat(AtomicCells.mode("java/lang/invoke/VarHandle", "getVolatile")).isEqualTo(AtomicCells.Mode.READ);
        assertThat(AtomicCells.mode("java/lang/invoke/VarHandle", "setRelease")).isEqualTo(AtomicCells.Mode.WRITE);
        assertThat(AtomicCells.mode("java/lang/invoke/VarHandle", "getAndAdd")).isEqualTo(AtomicCells.Mode.UPDATE);
    }

    @Test
    void mode_should_take_unsafe_atomics_and_leave_its_plain_accesses() {
        assertThat(AtomicCells.mode("sun/misc/Unsafe", "compareAndSwapInt")).isEqualTo(AtomicCells.Mode.UPDATE);
        assertThat(AtomicCells.mode("jdk/internal/misc/Unsafe", "getAndAddLong")).isEqualTo(AtomicCells.Mode.UPDATE);
        assertThat(AtomicCells.mode("sun/misc/Unsafe", "putIntVolatile")).isEqualTo(AtomicCells.Mode.WRITE);
        assertThat(AtomicCells.mode("sun/misc/Unsafe", "getLongVolatile")).isEqualTo(AtomicCells.Mode.READ);
        assertThat(AtomicCells.mode("sun/misc/Unsafe", "getInt")).isNull();
        assertThat(AtomicCells.mode("sun/misc/Unsafe", "objectFieldOffset")).isNull();
    }

    @Test
    void mode_should_be_null_off_a_cell() {
        assertThat(AtomicCells.mode("java/util/concurrent/atomic/AtomicInteger", "<init>")).isNull();
        assertThat(AtomicCells.mode("java/util/concurrent/atomic/AtomicIntegerArray", "length")).isNull();
        assertThat(AtomicCells.mode("java/util/concurrent/atomic/AtomicIntegerFieldUpdater", "newUpdater")).isNull();
        assertThat(AtomicCells.mode("java/util/concurrent/ConcurrentHashMap", "put")).isNull();
        assertThat(AtomicCells.mode("java/util/concurrent/atomic/AtomicInteger", "toString")).isNull();
    }

    @Test
    void namesField_should_take_updater_and_varhandle_factories() {
        assertThat(AtomicCells.namesField("java/util/concurrent/atomic/AtomicIntegerFieldUpdater", "newUpdater")).isTrue();
        assertThat(AtomicCells.namesField("java/lang/invoke/MethodHandles$Lookup", "findStaticVarHandle")).isTrue();
        assertThat(AtomicCells.namesField("java/lang/invoke/MethodHandles$Lookup", "findVirtual")).isFalse();
    }
}
