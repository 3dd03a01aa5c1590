package racepipe.dynamic.runtime;

import java.util.IdentityHashMap;
import java.util.Map;

/**
 * The native scheduler's eye: it does not steer, it notes whether two threads both reached the
 * watched sites on one address (one access a write) in the trial: the race was covered.
 */
public final class Observer {
    private final Map<Object, long[]> lastByTarget = new IdentityHashMap<>();
    private volatile boolean covered;

    synchronized void access(int site, Object target, int slot, boolean write) {
        accessRange(target, slot, slot + 1, write);
    }

    /** Accesses to the slots from (inclusive) to to (exclusive): a bulk array operation. */
    synchronized void accessRange(Object target, int from, int to, boolean write) {
        if (covered) {
            return;
        }
        Object key = target == null ? Observer.class : target;
        long[] last = lastByTarget.get(key);
        long me = Thread.currentThread().getId();
        if (last != null && last[0] < to && from < last[3] && last[1] != me && (write || last[2] == 1)) {
            covered = true;
        }
        lastByTarget.put(key, new long[] {from, me, write ? 1 : 0, to});
    }

    public boolean covered() {
        return covered;
    }
}
