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
        if (covered) {
            return;
        }
        Object key = target == null ? Observer.class : target;
        long[] last = lastByTarget.get(key);
        long me = Thread.currentThread().getId();
        if (last != null && last[0] == slot && last[1] != me && (write || last[2] == 1)) {
            covered = true;
        }
        lastByTarget.put(key, new long[] {slot, me, write ? 1 : 0});
    }

    public boolean covered() {
        return covered;
    }
}
