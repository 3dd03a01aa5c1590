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
    /**
     * Objects handed over once, as a task's result, and the threads that never touch that
     * hand-over: such a thread's accesses to them race with nothing (the engine says why).
     */
    public BitSet handedOver = new BitSet();
    public BitSet ownObjectsOnly = new BitSet();
    /** Objects whose every heap location hands over with an ordering edge (a volatile field, a task's result). */
    public BitSet publishedSafely = new BitSet();
    /** Abstract objects that stand for one runtime object (allocated once): aliasing on them is sure. */
    public BitSet onceObjects = new BitSet();
    /** Pairs of threads that never overlap (one joined before the other starts): a << 32 | b. */
    private final Set<Long> orderedThreads = new HashSet<>();
    /**
     * Per thread: the abstract objects its accesses owned by the running instance ({@link
     * AccessFact#ownedIn}) may touch; owned accesses of two threads whose sets do not meet on
     * the common objects never race (empty: no owned accesses).
     */
    public IntFunction<BitSet> ownedObjects = t -> new BitSet();
    public IntFunction<String> objectName = i -> "o" + i;

    public void order(int a, int b) {
        orderedThreads.add(((long) a << 32) | b);
        orderedThreads.add(((long) b << 32) | a);
    }

    public boolean ordered(int a, int b) {
        return orderedThreads.contains(((long) a << 32) | b);
    }
}
