package racepipe.statics.internal.model;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.IntFunction;

/** What an engine hands to the pair stages: threads, accesses, escaping objects, ordered threads. */
public final class RaceModel {
    public final List<ThreadInfo> threads = new ArrayList<>();
    public final List<AccessFact> accesses = new ArrayList<>();
    /** Abstract objects reachable from a static field or a thread/task object. */
    public BitSet escaping = new BitSet();
    /** Pairs of threads that never overlap (one joined before the other starts), as a << 32 | b. */
    private final Set<Long> orderedThreads = new HashSet<>();
    public IntFunction<String> objectName = i -> "o" + i;

    public void order(int a, int b) {
        orderedThreads.add(((long) a << 32) | b);
        orderedThreads.add(((long) b << 32) | a);
    }

    public boolean ordered(int a, int b) {
        return orderedThreads.contains(((long) a << 32) | b);
    }
}
