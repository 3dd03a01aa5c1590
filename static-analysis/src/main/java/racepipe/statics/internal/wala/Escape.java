package racepipe.statics.internal.wala;

import com.ibm.wala.core.util.strings.Atom;
import com.ibm.wala.ipa.callgraph.propagation.AbstractFieldPointerKey;
import com.ibm.wala.ipa.callgraph.propagation.InstanceFieldKey;
import com.ibm.wala.ipa.callgraph.propagation.InstanceKey;
import com.ibm.wala.ipa.callgraph.propagation.PointerKey;
import com.ibm.wala.ipa.callgraph.propagation.StaticFieldKey;
import com.ibm.wala.types.ClassLoaderReference;
import com.ibm.wala.types.FieldReference;
import com.ibm.wala.types.TypeReference;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Escaping abstract objects (Chord): reachable through fields and array elements from a static
 * field or from a thread or task object handed to a spawn (a ThreadLocal's value excepted, see
 * {@link #anyInheritableThreadLocal}). Others stay in one thread instance.
 */
final class Escape {
    private static final TypeReference INHERITABLE = TypeReference.findOrCreate(ClassLoaderReference.Primordial,
            "Ljava/lang/InheritableThreadLocal");
    static final FieldReference THREAD_LOCAL_VALUE = FieldReference.findOrCreate(
            TypeReference.findOrCreate(ClassLoaderReference.Primordial, "Ljava/lang/ThreadLocal$ThreadLocalMap$Entry"),
            Atom.findOrCreateUnicodeAtom("value"), TypeReference.JavaLangObject);

    private Escape() {
    }

    static BitSet of(WalaProgram p, ThreadDiscovery d) {
        return closure(p, roots(p, d));
    }

    /** The roots of escape: objects a static field points to, and each spawn's thread or task objects and bodies. */
    static BitSet roots(WalaProgram p, ThreadDiscovery d) {
        BitSet roots = new BitSet();
        for (PointerKey pk : p.pa.getPointerKeys()) {
            if (pk instanceof StaticFieldKey) {
                for (InstanceKey ik : p.pa.getPointsToSet(pk)) {
                    set(roots, p.index(ik));
                }
            }
        }
        for (WalaThread t : d.threads) {
            if (t.object() != null) {
                set(roots, p.index(t.object()));
            }
            t.bodies().forEach(b -> set(roots, p.index(b)));
        }
        return roots;
    }

    /** The roots and what they reach through fields and array elements (a ThreadLocal's value excepted). */
    static BitSet closure(WalaProgram p, BitSet roots) {
        Map<Integer, List<PointerKey>> fields = new HashMap<>();
        boolean cutThreadLocals = !anyInheritableThreadLocal(p);
        for (PointerKey pk : p.pa.getPointerKeys()) {
            if (cutThreadLocals && pk instanceof InstanceFieldKey f
                    && f.getField().getReference().equals(THREAD_LOCAL_VALUE)) {
                continue; // a ThreadLocal's value is its thread's: see anyInheritableThreadLocal
            } else if (pk instanceof AbstractFieldPointerKey f && f.getInstanceKey() != null) {
                fields.computeIfAbsent(p.index(f.getInstanceKey()), x -> new ArrayList<>()).add(pk);
            }
        }
        BitSet seen = new BitSet();
        Deque<Integer> todo = new ArrayDeque<>();
        for (int i = roots.nextSetBit(0); i >= 0; i = roots.nextSetBit(i + 1)) {
            push(i, seen, todo);
        }
        while (!todo.isEmpty()) {
            for (PointerKey pk : fields.getOrDefault(todo.poll(), List.of())) {
                for (InstanceKey ik : p.pa.getPointsToSet(pk)) {
                    push(p.index(ik), seen, todo);
                }
            }
        }
        return seen;
    }

    private static void set(BitSet s, int i) {
        if (i >= 0) {
            s.set(i);
        }
    }

    /**
     * Objects the application owns: allocated in application code, or reachable from such an
     * object through at most {@code depth} fields (an ArrayList's elementData, a HashMap's table
     * and nodes). Library sites count only on these: the JDK's own objects are not the program's.
     */
    static BitSet appOwned(WalaProgram p, int depth) {
        Map<Integer, List<PointerKey>> fields = new HashMap<>();
        BitSet level = new BitSet();
        for (PointerKey pk : p.pa.getPointerKeys()) {
            if (pk instanceof AbstractFieldPointerKey f && f.getInstanceKey() != null) {
                fields.computeIfAbsent(p.index(f.getInstanceKey()), x -> new ArrayList<>()).add(pk);
            }
        }
        for (InstanceKey ik : p.pa.getInstanceKeys()) {
            if (ik instanceof com.ibm.wala.ipa.callgraph.propagation.AllocationSiteInNode a && WalaProgram.isApp(a.getNode())) {
                level.set(p.index(ik));
            }
        }
        BitSet all = (BitSet) level.clone();
        for (int d = 0; d < depth; d++) {
            BitSet next = new BitSet();
            for (int i = level.nextSetBit(0); i >= 0; i = level.nextSetBit(i + 1)) {
                for (PointerKey pk : fields.getOrDefault(i, List.of())) {
                    for (InstanceKey ik : p.pa.getPointsToSet(pk)) {
                        int j = p.index(ik);
                        if (j >= 0 && !all.get(j)) {
                            next.set(j);
                        }
                    }
                }
            }
            all.or(next);
            level = next;
        }
        return all;
    }

    /**
     * Whether the program makes an InheritableThreadLocal. Without one, a value in a thread's
     * ThreadLocalMap entry was put there by that thread (ThreadLocal.set and the initial value
     * use Thread.currentThread()'s map) and is read back only by it; no map is copied to a
     * child (only inheritableThreadLocals are, and they stay empty). So the entry's value field
     * is no edge of escape: its object is shared only if something else also reaches it.
     * The points-to merges every thread's map (one allocation site), which is why the edge
     * must go, not the thread objects.
     */
    static boolean anyInheritableThreadLocal(WalaProgram p) {
        var itl = p.cha.lookupClass(INHERITABLE);
        if (itl == null) {
            return false;
        }
        for (InstanceKey ik : p.pa.getInstanceKeys()) {
            if (ik.getConcreteType() != null && p.cha.isSubclassOf(ik.getConcreteType(), itl)) {
                return true;
            }
        }
        return false;
    }

    private static void push(int i, BitSet seen, Deque<Integer> todo) {
        if (i >= 0 && !seen.get(i)) {
            seen.set(i);
            todo.add(i);
        }
    }
}
