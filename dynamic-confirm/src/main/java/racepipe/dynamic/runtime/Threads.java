package racepipe.dynamic.runtime;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;

/** Small ids for the program's threads, in the order racepipe first sees them. */
final class Threads {
    private final IdentityHashMap<Thread, Integer> ids = new IdentityHashMap<>();
    private final List<Thread> threads = new ArrayList<>();
    private final ThreadLocal<int[]> mine = new ThreadLocal<>();

    /** The id of the current thread; assigns one on first sight. Caller holds the runtime lock. */
    int current() {
        int[] id = mine.get();
        if (id == null) {
            id = new int[] {idOf(Thread.currentThread())};
            mine.set(id);
        }
        return id[0];
    }

    int idOf(Thread t) {
        Integer id = ids.get(t);
        if (id == null) {
            id = threads.size();
            ids.put(t, id);
            threads.add(t);
        }
        return id;
    }

    String name(int tid) {
        return tid < threads.size() ? ThreadNames.of(threads.get(tid)) : "?";
    }
}
