package racepipe.statics.internal.wala;

import com.ibm.wala.classLoader.IClass;
import com.ibm.wala.classLoader.IField;
import com.ibm.wala.classLoader.IMethod;
import com.ibm.wala.core.util.strings.Atom;
import com.ibm.wala.ipa.callgraph.CGNode;
import com.ibm.wala.ipa.callgraph.propagation.AllocationSiteInNode;
import com.ibm.wala.ipa.callgraph.propagation.InstanceKey;
import com.ibm.wala.ipa.callgraph.propagation.PointerKey;
import com.ibm.wala.ssa.SSAAbstractInvokeInstruction;
import com.ibm.wala.ssa.SSAInstruction;
import com.ibm.wala.ssa.SSANewInstruction;
import com.ibm.wala.types.FieldReference;
import com.ibm.wala.types.Selector;
import com.ibm.wala.types.TypeReference;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * The body of one started thread or submitted task, per object. WALA's shared Thread.start
 * node cannot tell bodies apart, so: a Thread subclass's own run(); else the Runnable handed to
 * this object's Thread constructor (found at its allocation site); else Thread.target.
 */
final class ThreadBodies {
    static final Selector RUN = Selector.make("run()V");
    static final Selector CALL = Selector.make("call()Ljava/lang/Object;");
    static final Selector GET = Selector.make("get()Ljava/lang/Object;");
    private static final TypeReference RUNNABLE = TypeReference.findOrCreate(
            com.ibm.wala.types.ClassLoaderReference.Primordial, "Ljava/lang/Runnable");

    private final WalaProgram p;

    ThreadBodies(WalaProgram p) {
        this.p = p;
    }

    /** Runnable/task object -> the method that runs as the thread body. */
    Map<InstanceKey, IMethod> ofThread(InstanceKey thread) {
        Map<InstanceKey, IMethod> out = new LinkedHashMap<>();
        IClass k = thread.getConcreteType();
        IMethod run = p.cha.resolveMethod(k, RUN);
        if (run != null && !run.getDeclaringClass().getReference().equals(TypeReference.JavaLangThread)) {
            out.put(thread, run);
            return out;
        }
        for (InstanceKey r : constructorRunnables(thread)) {
            IMethod m = p.cha.resolveMethod(r.getConcreteType(), RUN);
            if (m != null) {
                out.put(r, m);
            }
        }
        return out;
    }

    /** The tasks of an executor call: each object given as Runnable, Callable or Supplier. */
    Map<InstanceKey, IMethod> ofTaskCall(CGNode n, SSAAbstractInvokeInstruction call, boolean collection) {
        Map<InstanceKey, IMethod> out = new LinkedHashMap<>();
        int first = call.isStatic() ? 0 : 1;
        for (int i = first; i < call.getNumberOfPositionalParameters(); i++) {
            if (!call.getDeclaredTarget().getParameterType(i - first).isReferenceType()) {
                continue;
            }
            for (InstanceKey ik : p.pts(n, call.getUse(i))) {
                if (collection) {
                    for (InstanceKey t : contents(ik)) {
                        addTask(out, t);
                    }
                } else {
                    addTask(out, ik);
                }
            }
        }
        return out;
    }

    private void addTask(Map<InstanceKey, IMethod> out, InstanceKey ik) {
        IClass k = ik.getConcreteType();
        if (k == null || k.isArrayClass()) {
            return;
        }
        for (Selector s : new Selector[] {RUN, CALL, GET}) {
            IMethod m = p.cha.resolveMethod(k, s);
            if (m != null && !m.isAbstract() && implementsTaskInterface(k, s)) {
                out.put(ik, m);
                return;
            }
        }
    }

    private boolean implementsTaskInterface(IClass k, Selector s) {
        String want = s == RUN ? "Ljava/lang/Runnable" : s == CALL ? "Ljava/util/concurrent/Callable"
                : "Ljava/util/function/Supplier";
        for (IClass i : k.getAllImplementedInterfaces()) {
            if (i.getName().toString().equals(want)) {
                return true;
            }
        }
        return false;
    }

    /** Objects reachable from a collection object through its fields and arrays (depth 4). */
    private Set<InstanceKey> contents(InstanceKey root) {
        Set<InstanceKey> seen = new LinkedHashSet<>();
        Deque<InstanceKey> todo = new ArrayDeque<>();
        Map<InstanceKey, Integer> depth = new LinkedHashMap<>();
        todo.add(root);
        depth.put(root, 0);
        while (!todo.isEmpty()) {
            InstanceKey ik = todo.poll();
            seen.add(ik);
            if (depth.get(ik) >= 4) {
                continue;
            }
            for (Iterator<Object> it = p.pa.getHeapGraph().getSuccNodes(ik); it.hasNext(); ) {
                Object pk = it.next();
                for (Iterator<Object> it2 = p.pa.getHeapGraph().getSuccNodes(pk); it2.hasNext(); ) {
                    if (it2.next() instanceof InstanceKey next && !depth.containsKey(next)) {
                        depth.put(next, depth.get(ik) + 1);
                        todo.add(next);
                    }
                }
            }
        }
        return seen;
    }

    /** Runnables passed to java.lang.Thread.<init> on this object's own allocation. */
    private Set<InstanceKey> constructorRunnables(InstanceKey thread) {
        Set<InstanceKey> out = new HashSet<>();
        boolean viaSubclassCtor = true;
        if (thread instanceof AllocationSiteInNode a) {
            CGNode n = a.getNode();
            SSANewInstruction nw = n.getIR() == null ? null : n.getIR().getNew(a.getSite());
            if (nw != null) {
                viaSubclassCtor = false;
                for (Iterator<SSAInstruction> it = n.getDU().getUses(nw.getDef()); it.hasNext(); ) {
                    if (it.next() instanceof SSAAbstractInvokeInstruction inv && inv.isSpecial()
                            && inv.getDeclaredTarget().isInit() && inv.getUse(0) == nw.getDef()) {
                        if (!inv.getDeclaredTarget().getDeclaringClass().getName().equals(TypeReference.JavaLangThread.getName())) {
                            viaSubclassCtor = true;
                        }
                        for (int i = 1; i < inv.getNumberOfPositionalParameters(); i++) {
                            if (inv.getDeclaredTarget().getParameterType(i - 1).getName().equals(RUNNABLE.getName())) {
                                p.pts(n, inv.getUse(i)).forEach(out::add);
                            }
                        }
                    }
                }
            }
        }
        if (out.isEmpty() || viaSubclassCtor) {
            IField target = p.field(FieldReference.findOrCreate(TypeReference.JavaLangThread,
                    Atom.findOrCreateUnicodeAtom("target"), RUNNABLE));
            if (target != null) {
                PointerKey pk = p.heap.getPointerKeyForInstanceField(thread, target);
                if (pk != null) {
                    p.pa.getPointsToSet(pk).forEach(out::add);
                }
            }
        }
        return out;
    }
}
