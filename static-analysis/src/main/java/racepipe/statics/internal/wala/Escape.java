package racepipe.statics.internal.wala;

import com.ibm.wala.ipa.callgraph.propagation.AbstractFieldPointerKey;
import com.ibm.wala.ipa.callgraph.propagation.InstanceKey;
import com.ibm.wala.ipa.callgraph.propagation.PointerKey;
import com.ibm.wala.ipa.callgraph.propagation.StaticFieldKey;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Escaping abstract objects (Chord): reachable through fields and array elements from a static
 * field or from a thread or task object handed to a spawn. Others stay in one thread instance.
 */
final class Escape {
    private Escape() {
    }

    static BitSet of(WalaProgram p, ThreadDiscovery d) {
        Map<Integer, List<PointerKey>> fields = new HashMap<>();
        Deque<Integer> todo = new ArrayDeque<>();
        BitSet seen = new BitSet();
        for (PointerKey pk : p.pa.getPointerKeys()) {
            if (pk instanceof StaticFieldKey) {
                for (InstanceKey ik : p.pa.getPointsToSet(pk)) {
                    push(p.index(ik), seen, todo);
                }
            } else if (pk instanceof AbstractFieldPointerKey f && f.getInstanceKey() != null) {
                fields.computeIfAbsent(p.index(f.getInstanceKey()), x -> new ArrayList<>()).add(pk);
            }
        }
        for (WalaThread t : d.threads) {
            if (t.object() != null) {
                push(p.index(t.object()), seen, todo);
            }
            t.bodies().forEach(b -> push(p.index(b), seen, todo));
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

    private static void push(int i, BitSet seen, Deque<Integer> todo) {
        if (i >= 0 && !seen.get(i)) {
            seen.set(i);
            todo.add(i);
        }
    }
}
