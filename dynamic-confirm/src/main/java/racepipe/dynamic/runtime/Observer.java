package racepipe.dynamic.runtime;

import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The native scheduler's eye: it does not steer, it notes whether two threads both reached the
 * watched sites on one address (one access a write) in a row: the race was covered. It runs on
 * every execution of the pair's sites under the JVM's own scheduling, so it takes no lock: the
 * last access to each address sits in a slot of a table hashed by address; two addresses that
 * share a slot only overwrite each other (a covered race may be missed, none is invented).
 */
public final class Observer {
    private static final int SLOTS = 1 << 12;

    private record Last(Object target, int slot, long thread, boolean write) {
    }

    private final AtomicReferenceArray<Last> last = new AtomicReferenceArray<>(SLOTS);
    private volatile boolean covered;

    void access(int site, Object target, int slot, boolean write) {
        access(target, slot, write);
    }

    /**
     * Accesses to the slots from (inclusive) to to (exclusive): a bulk array operation. Each
     * element is noted, up to the table's size (more would only overwrite slots).
     */
    void accessRange(Object target, int from, int to, boolean write) {
        for (int i = from; i < to && i - from < SLOTS && !covered; i++) {
            access(target, i, write);
        }
    }

    private void access(Object target, int slot, boolean write) {
        if (covered) {
            return;
        }
        Object key = target == null ? Observer.class : target;
        int h = (System.identityHashCode(key) * 31 + slot) & (SLOTS - 1);
        long me = Thread.currentThread().getId();
        Last prev = last.get(h);
        if (prev != null && prev.target == key && prev.slot == slot) {
            if (prev.thread != me && (write || prev.write)) {
                covered = true;
                return;
            }
            if (prev.thread == me && (prev.write || !write)) {
                return; // nothing another thread could meet that it does not already
            }
        }
        last.set(h, new Last(key, slot, me, write));
    }

    public boolean covered() {
        return covered;
    }
}
