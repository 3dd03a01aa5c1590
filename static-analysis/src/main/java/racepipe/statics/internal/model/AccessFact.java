package racepipe.statics.internal.model;

import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import racepipe.statics.StaticSite;

/**
 * One access site merged over all its contexts. {@code objects}: abstract objects of the base
 * (null for a static field); {@code unknownBase}: the engine cannot tell (aliases anything of
 * the same variable). {@code threads}: each abstract thread that runs it, mapped to the child
 * threads with which that thread's executions of it are ordered (before start, after join).
 */
public final class AccessFact {
    public final StaticSite site;
    public final BitSet objects;
    public boolean unknownBase;
    public Set<LockId> locks;
    /**
     * Every execution is on an object its thread allocated in the same method activation and
     * has handed to nobody yet (the engine decides; false when unknown).
     */
    public boolean fresh;
    /** An array element access whose index is this constant in every execution (else null): other constants are other elements. */
    public Integer constIndex;
    /** Every execution is on the object its own method activation allocated (published or not). */
    public boolean allocatedHere;
    /**
     * Hand-over flags (volatile fields): those every possibly non-zero store of which comes after
     * this access in its one thread, and those read non-zero before it on every way to it. An
     * access before F and one after F are ordered.
     */
    /** Some execution may run it again (a loop, a method called more than once, a thread started many times). */
    public boolean repeats;
    public Set<String> beforeFlags = Set.of();
    /**
     * The threads in which every execution accesses an object owned by the running instance of
     * that thread (its body object and what that owns): two instances of one such thread never
     * share the object (the engine says why).
     */
    public BitSet ownedIn = new BitSet();
    /**
     * The access is inside a collection owned by the instance (a lifted JDK access): its objects
     * are the collection's insides, not in the thread's owned objects ({@link RaceModel#ownedObjects}).
     */
    public boolean ownedInside;
    /**
     * A lifted access at a call on an encapsulated collection field ("pkg/C.f"): it touches only
     * the insides of collections held in that field, which no access but another such call's
     * reaches ("" or null: not one).
     */
    public String insideOf;
    /**
     * Per thread: the barrier phase of every execution of this access in that thread's instances
     * (-1 or absent: unknown). Two instances' accesses in different phases are ordered (the engine
     * says why).
     */
    public final Map<Integer, Integer> phases = new HashMap<>();
    /**
     * Per thread: a key naming the set of indices each instance of that thread may access, as a
     * function of its id, disjoint between instances ("" or absent: none). Two accesses of one
     * key in two instances touch different elements (the engine says why).
     */
    public final Map<Integer, String> partitions = new HashMap<>();
    /** Per thread: a key naming the object each instance accesses, different between instances ("" or absent: none). */
    public final Map<Integer, String> basePartitions = new HashMap<>();
    /**
     * Per thread: "eq|K" or "gt|K" when, within one barrier episode, the base is element u or an
     * element above u of one array whose elements are distinct objects ("" or absent: none).
     */
    public final Map<Integer, String> episodeBases = new HashMap<>();
    /** Per thread: the guard under which only one instance runs this access ("" or absent: none). */
    public final Map<Integer, String> soleGuards = new HashMap<>();
    public Set<String> afterFlags = Set.of();
    public final Map<Integer, BitSet> threads = new HashMap<>();
    /**
     * For a lifted library access (the site is an application call into java.util): the JDK
     * lines whose accesses count at this call, {@code ArrayList.java:464} (else null).
     */
    public java.util.SortedSet<String> library;

    public AccessFact(StaticSite site, BitSet objects, Set<LockId> locks) {
        this.site = site;
        this.objects = objects;
        this.locks = locks;
    }

    public boolean isStatic() {
        return objects == null;
    }
}
