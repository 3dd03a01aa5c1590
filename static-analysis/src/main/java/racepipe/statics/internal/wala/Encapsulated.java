package racepipe.statics.internal.wala;

import com.ibm.wala.classLoader.IField;
import com.ibm.wala.ipa.callgraph.CGNode;
import com.ibm.wala.ipa.callgraph.propagation.InstanceKey;
import com.ibm.wala.ssa.SSAAbstractInvokeInstruction;
import com.ibm.wala.ssa.SSAGetInstruction;
import com.ibm.wala.ssa.SSAInstruction;
import com.ibm.wala.ssa.SSANewInstruction;
import com.ibm.wala.ssa.SSAPutInstruction;
import com.ibm.wala.types.TypeReference;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/**
 * Owned fields ({@link OwnedFields}) holding a java.util collection that never leaves its owner:
 * {@code private final List<String> lines = new ArrayList<>()} used only as the receiver of calls
 * that hand out none of its insides ({@code lines.add(s)}, {@code lines.size()}, {@code
 * jobs.pollFirst()}; no iterator, view, entry, array, clone), whose other arguments hold no
 * java.util object and no array.
 *
 * <p>Why: the collection's internal objects (its arrays, nodes, size fields) then belong to that
 * one collection, and only calls whose receiver is the field's value ever reach them; the field is
 * owned, so that collection belongs to one owner object. A JDK access lifted to such a call
 * ({@link LibraryLift}) touches only the internals of the owner's collection (the arguments bring
 * no other collection's): so a lock on the owner held at the call excludes every other lifted
 * access to the same internal object made holding it, and a collection owned by a thread's body
 * is that thread instance's own. The internal objects themselves are merged by the points-to
 * (one {@code Object[]} site in {@code ArrayList.grow} for every list), hence the rule.
 */
final class Encapsulated {
    /** Methods whose result may share the collection's insides. */
    private static final Set<String> LEAKING = Set.of("clone", "toArray", "iterator", "listIterator", "spliterator",
            "stream", "parallelStream", "descendingIterator", "subList", "keySet", "values", "entrySet",
            "navigableKeySet", "descendingKeySet", "descendingMap", "headMap", "tailMap", "subMap", "headSet",
            "tailSet", "subSet", "reversed", "firstEntry", "lastEntry", "floorEntry", "ceilingEntry", "lowerEntry",
            "higherEntry", "pollFirstEntry", "pollLastEntry", "sequencedKeySet", "sequencedValues", "sequencedEntrySet");

    private final WalaProgram p;
    private final OwnedFields owned;
    private Map<String, Boolean> fields;

    Encapsulated(WalaProgram p, OwnedFields owned) {
        this.p = p;
        this.owned = owned;
    }

    /** The field ("pkg/C.f") holds an encapsulated collection. */
    boolean is(String field) {
        if (fields == null) {
            fields = new HashMap<>();
            Set<String> bad = new HashSet<>();
            p.cg.forEach(n -> scan(n, bad));
            bad.forEach(f -> fields.put(f, false));
        }
        return fields.getOrDefault(field, false) && owned.ownedChain("." + field);
    }

    private void scan(CGNode n, Set<String> bad) {
        if (n.getIR() == null) {
            return;
        }
        for (SSAInstruction ins : n.getIR().getInstructions()) {
            int v;
            String name;
            if (ins instanceof SSAGetInstruction g && !g.isStatic()) {
                IField f = p.field(g.getDeclaredField());
                if (f == null || f.getFieldTypeReference().isPrimitiveType()) {
                    continue;
                }
                v = g.getDef();
                name = LockPaths.fieldName(f);
            } else if (ins instanceof SSAPutInstruction put && !put.isStatic()) {
                IField f = p.field(put.getDeclaredField());
                if (f == null || f.getFieldTypeReference().isPrimitiveType()) {
                    continue;
                }
                name = LockPaths.fieldName(f);
                // the stored value: a java.util collection allocated right there, used only as a receiver
                if (!(n.getDU().getDef(put.getVal()) instanceof SSANewInstruction nw)
                        || !WalaProgram.internalName(nw.getConcreteType()).startsWith("java/util/")) {
                    bad.add(name);
                    continue;
                }
                v = put.getVal();
                if (!onlyReceiver(n, v, put)) {
                    bad.add(name);
                }
                fields.putIfAbsent(name, true);
                continue;
            } else {
                continue;
            }
            if (!onlyReceiver(n, v, null)) {
                bad.add(name);
            }
        }
    }

    /** Every use of v in n (but {@code store}) is the receiver of a call that hands out none of the collection's insides. */
    private boolean onlyReceiver(CGNode n, int v, SSAInstruction store) {
        for (Iterator<SSAInstruction> it = n.getDU().getUses(v); it.hasNext(); ) {
            SSAInstruction use = it.next();
            if (use == store) {
                continue;
            }
            if (!(use instanceof SSAAbstractInvokeInstruction call) || call.isStatic() || call.getReceiver() != v
                    || !safeCall(n, call, v)) {
                return false;
            }
        }
        return true;
    }

    private boolean safeCall(CGNode n, SSAAbstractInvokeInstruction call, int v) {
        var target = call.getDeclaredTarget();
        if (!WalaProgram.internalName(target.getDeclaringClass()).startsWith("java/util/")
                || LEAKING.contains(target.getName().toString())) {
            return false;
        }
        TypeReference ret = target.getReturnType();
        if (!(ret.isPrimitiveType() || ret.getName().equals(TypeReference.JavaLangObject.getName())
                || ret.getName().equals(TypeReference.JavaLangString.getName()))) {
            return false;
        }
        for (int i = 1; i < call.getNumberOfUses(); i++) {
            if (call.getUse(i) == v) {
                return false;
            }
            for (InstanceKey ik : p.pts(n, call.getUse(i))) {
                TypeReference t = ik.getConcreteType() == null ? null : ik.getConcreteType().getReference();
                if (t == null || t.isArrayType() || WalaProgram.internalName(t).startsWith("java/util/")) {
                    return false;
                }
            }
        }
        return true;
    }
}
