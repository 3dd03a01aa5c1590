package racepipe.statics.internal.wala;

import com.ibm.wala.classLoader.IField;
import com.ibm.wala.classLoader.IMethod;
import com.ibm.wala.ipa.callgraph.CGNode;
import com.ibm.wala.ipa.callgraph.propagation.InstanceKey;
import com.ibm.wala.ssa.SSAArrayLoadInstruction;
import com.ibm.wala.ssa.SSAArrayReferenceInstruction;
import com.ibm.wala.ssa.SSAArrayStoreInstruction;
import com.ibm.wala.ssa.SSAFieldAccessInstruction;
import com.ibm.wala.ssa.SSAInstruction;
import com.ibm.wala.ssa.SSAPutInstruction;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import racepipe.statics.StaticSite;
import racepipe.statics.internal.model.AccessFact;
import racepipe.statics.internal.model.LockId;

/**
 * The candidate accesses of application code: field and array-element reads and writes, minus
 * final and volatile fields, class initialisers and a constructor's accesses to its own object.
 * Each site is merged over its nodes: objects united, locks intersected, threads united.
 */
final class AccessCollector {
    private final WalaProgram p;
    private final HeldLocks held;
    private final LockPaths paths;
    private final StartJoinOrder order;
    final Map<String, AccessFact> sites = new LinkedHashMap<>();
    private BitSet appOwned;
    private final Map<String, List<CGNode>> libraryNodes = new java.util.HashMap<>();

    AccessCollector(WalaProgram p, HeldLocks held, LockPaths paths, StartJoinOrder order) {
        this.p = p;
        this.held = held;
        this.paths = paths;
        this.order = order;
    }

    void collect(CGNode n, BitSet threads) {
        IMethod m = n.getMethod();
        boolean library = !WalaProgram.isApp(n);
        if (library && appOwned == null) {
            appOwned = Escape.appOwned(p, 2);
        }
        if (m.isClinit() || n.getIR() == null) {
            return;
        }
        SSAInstruction[] instrs = n.getIR().getInstructions();
        for (int i = 0; i < instrs.length; i++) {
            SSAInstruction ins = instrs[i];
            String variable;
            int base;
            boolean write;
            if (ins instanceof SSAFieldAccessInstruction fa) {
                IField f = p.field(fa.getDeclaredField());
                if (f != null && (f.isFinal() || f.isVolatile())) {
                    continue;
                }
                if (m.isInit() && !fa.isStatic() && fa.getRef() == 1) {
                    continue;
                }
                String owner = WalaProgram.javaName(f != null ? f.getDeclaringClass().getReference()
                        : fa.getDeclaredField().getDeclaringClass());
                variable = owner + "." + fa.getDeclaredField().getName();
                base = fa.isStatic() ? -1 : fa.getRef();
                write = ins instanceof SSAPutInstruction;
            } else if (ins instanceof SSAArrayReferenceInstruction ar
                    && (ins instanceof SSAArrayLoadInstruction || ins instanceof SSAArrayStoreInstruction)) {
                base = ar.getArrayRef();
                variable = arrayVariable(n, ar);
                write = ins instanceof SSAArrayStoreInstruction;
            } else {
                continue;
            }
            int bci = WalaSites.bci(m, i);
            if (bci < 0) {
                continue;
            }
            StaticSite site = new StaticSite(WalaProgram.internalName(m.getDeclaringClass().getReference()),
                    m.getName().toString(), m.getDescriptor().toString(), bci,
                    WalaSites.file(m.getDeclaringClass()), WalaSites.line(m, bci), write, variable);
            BitSet objects = null;
            if (base >= 0) {
                objects = new BitSet();
                for (InstanceKey ik : p.pts(n, base)) {
                    objects.set(p.index(ik));
                }
                if (library) {
                    objects.and(appOwned);
                }
            }
            if (library && (objects == null || objects.isEmpty())) {
                continue;
            }
            AccessFact a = merge(site, objects, rebase(held.at(n, i), n, base), n, i, threads);
            if (library) {
                List<CGNode> nodes = libraryNodes.computeIfAbsent(site.key(), k -> new ArrayList<>());
                if (!nodes.contains(n)) {
                    nodes.add(n);
                }
                a.via = () -> nodes.stream().flatMap(x -> LibraryVia.of(p, x).stream()).distinct().sorted().toList();
            }
        }
    }

    private AccessFact merge(StaticSite site, BitSet objects, Set<LockId> locks, CGNode n, int i, BitSet threads) {
        AccessFact a = sites.get(site.key());
        if (a == null) {
            a = new AccessFact(site, objects == null ? null : new BitSet(), locks);
            sites.put(site.key(), a);
        } else {
            Set<LockId> both = new HashSet<>(a.locks);
            both.retainAll(locks);
            a.locks = both;
        }
        if (objects != null) {
            a.objects.or(objects);
            a.unknownBase |= objects.isEmpty();
        }
        for (int t = threads.nextSetBit(0); t >= 0; t = threads.nextSetBit(t + 1)) {
            BitSet ordered = order.orderedWith(t, n, i);
            BitSet prev = a.threads.get(t);
            if (prev == null) {
                a.threads.put(t, ordered);
            } else {
                prev.and(ordered);
            }
        }
        return a;
    }

    /** Locks seen from the accessed object: globals, and paths from the base as B, B.f, ... */
    private Set<LockId> rebase(Set<LockId> held, CGNode n, int base) {
        Set<LockId> out = new HashSet<>();
        String pb = base >= 0 ? paths.path(n, base) : null;
        for (LockId l : held) {
            if (l.global()) {
                out.add(l);
            } else if (pb != null && l.path().equals(pb)) {
                out.add(new LockId("B", l.shared()));
            } else if (pb != null && l.path().startsWith(pb + ".")) {
                out.add(new LockId("B" + l.path().substring(pb.length()), l.shared()));
            }
        }
        return out;
    }

    private String arrayVariable(CGNode n, SSAArrayReferenceInstruction ar) {
        Set<String> types = new TreeSet<>();
        for (InstanceKey ik : p.pts(n, ar.getArrayRef())) {
            if (ik.getConcreteType() != null && ik.getConcreteType().isArrayClass()) {
                types.add(WalaProgram.javaName(ik.getConcreteType().getReference()));
            }
        }
        if (types.size() == 1) {
            return types.iterator().next();
        }
        return WalaProgram.javaName(ar.getElementType()) + "[]";
    }
}
