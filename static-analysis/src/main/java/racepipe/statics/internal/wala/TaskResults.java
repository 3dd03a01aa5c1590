package racepipe.statics.internal.wala;

import com.ibm.wala.core.util.strings.Atom;
import com.ibm.wala.ipa.callgraph.CGNode;
import com.ibm.wala.ipa.callgraph.propagation.AbstractFieldPointerKey;
import com.ibm.wala.ipa.callgraph.propagation.InstanceFieldKey;
import com.ibm.wala.ipa.callgraph.propagation.InstanceKey;
import com.ibm.wala.ipa.callgraph.propagation.PointerKey;
import com.ibm.wala.ipa.callgraph.propagation.StaticFieldKey;
import com.ibm.wala.ssa.SSAFieldAccessInstruction;
import com.ibm.wala.ssa.SSAInstruction;
import com.ibm.wala.types.ClassLoaderReference;
import com.ibm.wala.types.FieldReference;
import com.ibm.wala.types.TypeReference;
import java.util.BitSet;

/**
 * Objects handed over once, as a task's result: a task allocates a Response, fills it and
 * returns it; the submitter reads it after Future.get(). Such an object is shared through no
 * heap location but {@code FutureTask.outcome}.
 *
 * <p>Why no access to it by a thread that never touches that field can race: such a thread
 * (say the task) gets the object neither from the heap (its only location is outcome) nor from
 * its entry (a task's captured values are heap locations too), so it only accesses objects it
 * allocated itself, in the current run of its body; it never stores them in outcome itself, so
 * if they are ever published it is by FutureTask.run after the body returned, through
 * {@code set} (outcome, then the volatile state), and any other thread that accesses one read it
 * from outcome after seeing that state (get/report): ordered after every access of the body.
 * Another thread that never touches outcome accesses only its own objects: not the same one.
 */
final class TaskResults {
    static final FieldReference OUTCOME = FieldReference.findOrCreate(
            TypeReference.findOrCreate(ClassLoaderReference.Primordial, "Ljava/util/concurrent/FutureTask"),
            Atom.findOrCreateUnicodeAtom("outcome"), TypeReference.JavaLangObject);

    private TaskResults() {
    }

    /** Abstract objects found in FutureTask.outcome and in no other field, array or static. */
    static BitSet resultOnly(WalaProgram p) {
        return onlyIn(p, false);
    }

    /**
     * Abstract objects found only in FutureTask.outcome and volatile fields: whoever reads one
     * from the heap is ordered after the store that put it there.
     */
    static BitSet orderedHandOverOnly(WalaProgram p) {
        return onlyIn(p, true);
    }

    private static BitSet onlyIn(WalaProgram p, boolean volatiles) {
        BitSet result = new BitSet();
        BitSet other = new BitSet();
        for (PointerKey pk : p.pa.getPointerKeys()) {
            boolean handing = pk instanceof InstanceFieldKey f && f.getField().getReference().equals(OUTCOME)
                    || volatiles && pk instanceof InstanceFieldKey vf && vf.getField().isVolatile()
                    || volatiles && pk instanceof StaticFieldKey sf && sf.getField().isVolatile();
            if (!handing && !(pk instanceof StaticFieldKey) && !(pk instanceof AbstractFieldPointerKey)) {
                continue; // a local, a return value: not a heap location
            }
            for (InstanceKey ik : p.pa.getPointsToSet(pk)) {
                (handing ? result : other).set(p.index(ik));
            }
        }
        result.andNot(other);
        return result;
    }

    /** Threads none of whose reached methods reads or writes FutureTask.outcome. */
    static BitSet outcomeFree(WalaProgram p, ThreadDiscovery d) {
        BitSet touching = new BitSet();
        for (CGNode n : p.cg) {
            if (n.getIR() == null || !touchesOutcome(p, n)) {
                continue;
            }
            for (int t = 0; t < d.threads.size(); t++) {
                if (d.reach.get(t).get(p.cg.getNumber(n))) {
                    touching.set(t);
                }
            }
        }
        BitSet free = new BitSet();
        free.set(0, d.threads.size());
        free.andNot(touching);
        return free;
    }

    private static boolean touchesOutcome(WalaProgram p, CGNode n) {
        for (SSAInstruction ins : n.getIR().getInstructions()) {
            if (ins instanceof SSAFieldAccessInstruction fa && fa.getDeclaredField().getName().equals(OUTCOME.getName())) {
                var f = p.field(fa.getDeclaredField());
                if (f == null || f.getReference().equals(OUTCOME)) {
                    return true;
                }
            }
        }
        return false;
    }
}
