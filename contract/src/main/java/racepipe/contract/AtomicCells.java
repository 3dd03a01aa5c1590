package racepipe.contract;

import java.util.Set;

/**
 * Which calls touch one memory cell atomically, and how: the operations `racepipe explore` takes
 * as choice points. An atomic's cell is the object itself (AtomicInteger, LongAdder...), one
 * element of an atomic array, a field through a field updater or a VarHandle, or (Unsafe) an
 * object and an offset. A read commutes with a read; a write or an update (compareAndSet,
 * getAndAdd, incrementAndGet...: read-modify-write) conflicts with every access to its cell.
 */
public final class AtomicCells {
    private AtomicCells() {
    }

    /** What an atomic call does to its cell. */
    public enum Mode {
        READ, WRITE, UPDATE
    }

    private static final String ATOMIC = "java/util/concurrent/atomic/";
    private static final Set<String> UNSAFE = Set.of("sun/misc/Unsafe", "jdk/internal/misc/Unsafe");
    private static final Set<String> READS = Set.of("get", "getPlain", "getOpaque", "getAcquire", "getVolatile", "intValue",
            "longValue", "doubleValue", "floatValue", "sum", "getReference", "getStamp", "isMarked");
    private static final Set<String> WRITES = Set.of("set", "lazySet", "setPlain", "setOpaque", "setRelease", "setVolatile",
            "reset");
    private static final Set<String> NO_CELL = Set.of("<init>", "length", "toString", "hashCode", "equals", "getClass",
            "newUpdater", "accessModeType", "varType", "coordinateTypes", "toMethodHandle", "isAccessModeSupported",
            "withInvokeExactBehavior", "withInvokeBehavior", "hasInvokeExactBehavior", "describeConstable", "sumThenReset",
            "getThenReset", "notify", "notifyAll", "wait");

    /** What a call of {@code owner.name} does to an atomic cell, or null when it touches none. */
    public static Mode mode(String owner, String name) {
        if (UNSAFE.contains(owner)) {
            return unsafe(name);
        }
        if (!(owner.startsWith(ATOMIC) && owner.indexOf('/', ATOMIC.length()) < 0) && !owner.equals("java/lang/invoke/VarHandle")) {
            return null;
        }
        if (NO_CELL.contains(name)) {
            return name.equals("sumThenReset") || name.equals("getThenReset") ? Mode.UPDATE : null;
        }
        if (READS.contains(name)) {
            return Mode.READ;
        }
        return WRITES.contains(name) ? Mode.WRITE : Mode.UPDATE;
    }

    /** Unsafe's atomic and ordered accesses (plain get/put of Unsafe are not synchronisation: no cell). */
    private static Mode unsafe(String name) {
        if (name.startsWith("compareAndSwap") || name.startsWith("compareAndSet") || name.startsWith("compareAndExchange")
                || name.startsWith("weakCompareAndSet") || name.startsWith("getAndAdd") || name.startsWith("getAndSet")
                || name.startsWith("getAndBitwise")) {
            return Mode.UPDATE;
        }
        if (name.startsWith("get") && (name.endsWith("Volatile") || name.endsWith("Acquire") || name.endsWith("Opaque"))) {
            return Mode.READ;
        }
        if (name.startsWith("put") && (name.endsWith("Volatile") || name.endsWith("Release") || name.endsWith("Ordered")
                || name.endsWith("Opaque"))) {
            return Mode.WRITE;
        }
        return null;
    }

    /**
     * Calls that make a handle onto a named field (a field updater, a VarHandle): the runtime
     * notes which field it stands for, so that its cell is the field's and plain accesses of the
     * field conflict with it.
     */
    public static boolean namesField(String owner, String name) {
        return (name.equals("newUpdater") && owner.startsWith(ATOMIC) && owner.endsWith("FieldUpdater"))
                || (owner.equals("java/lang/invoke/MethodHandles$Lookup") && (name.equals("findVarHandle")
                || name.equals("findStaticVarHandle")));
    }
}
