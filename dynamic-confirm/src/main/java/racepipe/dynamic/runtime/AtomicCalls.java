package racepipe.dynamic.runtime;

import java.lang.invoke.VarHandle;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.concurrent.atomic.AtomicLongFieldUpdater;
import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;

/**
 * Atomic operations (contract AtomicCells) as the scheduler sees them: one access to one cell,
 * made a point before the call. The cell is the address plain accesses of the same memory use
 * where it can be known (a field updater's or VarHandle's field, an array element), so that a
 * plain read and a CAS of one field conflict; else the atomic object itself.
 */
final class AtomicCalls {
    private AtomicCalls() {
    }

    /** Handles onto named fields (updaters, VarHandles): their field ids. Weak: a trial's handles go with its loader. */
    private static final Map<Object, Integer> FIELDS = new WeakHashMap<>();
    /** Handles whose field is not known (made where they were not seen): a number of their own, below every field id. */
    private static final Map<Object, Integer> UNNAMED = new WeakHashMap<>();

    static void named(Object handle, Class<?> c, String name) {
        Class<?> owner = c;
        while (owner != null) { // the field's declaring class, as the agent's field ids have it
            try {
                owner.getDeclaredField(name);
                break;
            } catch (NoSuchFieldException | SecurityException e) {
                owner = owner.getSuperclass();
            }
        }
        int field = Sites.field((owner == null ? c : owner).getName().replace('.', '/'), name);
        synchronized (FIELDS) {
            FIELDS.put(handle, field);
        }
    }

    private static int fieldOf(Object handle) {
        synchronized (FIELDS) {
            Integer f = FIELDS.get(handle);
            if (f != null) {
                return f;
            }
            return UNNAMED.computeIfAbsent(handle, k -> -2 - UNNAMED.size());
        }
    }

    /**
     * Before an atomic call on {@code receiver}: {@code arg} is its first argument if a reference,
     * {@code key} its first int or long (an index, an offset), mode an AtomicCells.Mode ordinal.
     */
    static void before(Scheduling s, Object receiver, Object arg, long key, int mode, int site) {
        boolean write = mode != 0;
        if (receiver instanceof VarHandle vh) {
            int coordinates = vh.coordinateTypes().size();
            if (coordinates >= 2) {
                s.atomic(arg, (int) key, write, site); // an array element (or a byte view's offset)
            } else {
                s.atomic(coordinates == 0 ? null : arg, fieldOf(vh), write, site);
            }
        } else if (receiver instanceof AtomicIntegerFieldUpdater || receiver instanceof AtomicLongFieldUpdater
                || receiver instanceof AtomicReferenceFieldUpdater) {
            s.atomic(arg, fieldOf(receiver), write, site);
        } else if (isUnsafe(receiver.getClass())) {
            s.atomic(arg, (int) (key ^ (key >>> 32)), write, site);
        } else if (receiver.getClass().getName().endsWith("Array")) {
            s.atomic(receiver, (int) key, write, site); // AtomicIntegerArray, AtomicLongArray, AtomicReferenceArray
        } else {
            s.atomic(receiver, 0, write, site);
        }
    }

    private static boolean isUnsafe(Class<?> c) {
        String n = c.getName();
        return n.equals("sun.misc.Unsafe") || n.equals("jdk.internal.misc.Unsafe");
    }
}
