package racepipe.dynamic.sched;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Who holds which lock, as the scheduler lets them: monitors and java.util.concurrent locks,
 * reentrant, with read (shared) and write (exclusive) modes. Guarded by the scheduler.
 */
final class LockModel {
    private static final class Held {
        SchedThread owner;            // the exclusive holder
        int count;
        final Map<SchedThread, Integer> readers = new IdentityHashMap<>();
    }

    private final Map<Object, Held> locks = new IdentityHashMap<>();
    private final Map<Object, Integer> numbers = new IdentityHashMap<>(); // locks in the order the schedule first took them

    boolean canAcquire(SchedThread t, Object lock, boolean exclusive) {
        Held h = locks.get(lock);
        if (h == null) {
            return true;
        }
        if (h.owner != null && h.owner != t) {
            return false;
        }
        if (!exclusive) {
            return true;
        }
        for (SchedThread r : h.readers.keySet()) {
            if (r != t) {
                return false;
            }
        }
        return true;
    }

    void acquire(SchedThread t, Object lock, boolean exclusive, int times) {
        numbers.putIfAbsent(lock, numbers.size() + 1);
        Held h = locks.computeIfAbsent(lock, k -> new Held());
        if (exclusive) {
            h.owner = t;
            h.count += times;
        } else {
            h.readers.merge(t, times, Integer::sum);
        }
    }

    void release(SchedThread t, Object lock, boolean exclusive) {
        Held h = locks.get(lock);
        if (h == null) {
            return;
        }
        if (exclusive && h.owner == t) {
            if (--h.count == 0) {
                h.owner = null;
            }
        } else if (!exclusive) {
            h.readers.computeIfPresent(t, (k, n) -> n > 1 ? n - 1 : null);
        }
        if (h.owner == null && h.readers.isEmpty()) {
            locks.remove(lock);
        }
    }

    /** Drops every exclusive hold (a wait); returns how many to restore. */
    int releaseAll(SchedThread t, Object lock) {
        Held h = locks.get(lock);
        if (h == null || h.owner != t) {
            return 0;
        }
        int n = h.count;
        h.owner = null;
        h.count = 0;
        if (h.readers.isEmpty()) {
            locks.remove(lock);
        }
        return n;
    }

    boolean owns(SchedThread t, Object lock) {
        Held h = locks.get(lock);
        return h != null && h.owner == t;
    }

    /** Who holds the lock: its owner, or its readers (none when free). */
    List<SchedThread> holders(Object lock) {
        Held h = locks.get(lock);
        List<SchedThread> out = new ArrayList<>();
        if (h != null) {
            if (h.owner != null) {
                out.add(h.owner);
            }
            out.addAll(h.readers.keySet());
        }
        return out;
    }

    /** The locks t holds, in the order first taken. */
    List<Object> heldBy(SchedThread t) {
        List<Object> out = new ArrayList<>();
        for (Map.Entry<Object, Held> e : locks.entrySet()) {
            if (e.getValue().owner == t || e.getValue().readers.containsKey(t)) {
                out.add(e.getKey());
            }
        }
        out.sort((a, b) -> Integer.compare(number(a), number(b)));
        return out;
    }

    /**
     * A lock as reports name it: its class and its number in this trial (the order the schedule
     * first granted it), the same in every replay, where an identity hash is not.
     */
    String name(Object lock) {
        String type = lock.getClass().getName();
        return (type.startsWith("racepipe.") ? lock.toString() : type) + "#" + number(lock); // a lock's token: its lock's class
    }

    private int number(Object lock) {
        return numbers.computeIfAbsent(lock, k -> numbers.size() + 1);
    }
}
