package racepipe.statics.internal.wala;

import com.ibm.wala.classLoader.IField;
import com.ibm.wala.classLoader.IMethod;
import com.ibm.wala.ipa.callgraph.CGNode;
import com.ibm.wala.ipa.callgraph.propagation.InstanceKey;
import com.ibm.wala.ssa.SSAAbstractInvokeInstruction;
import com.ibm.wala.ssa.SSAArrayLoadInstruction;
import com.ibm.wala.ssa.SSAArrayReferenceInstruction;
import com.ibm.wala.ssa.SSAArrayStoreInstruction;
import com.ibm.wala.ssa.SSAFieldAccessInstruction;
import com.ibm.wala.ssa.SSAInstruction;
import com.ibm.wala.ssa.SSAPutInstruction;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import racepipe.contract.WatchedLibrary;
import racepipe.statics.StaticSite;
import racepipe.statics.internal.model.AccessFact;
import racepipe.statics.internal.model.LockId;

/**
 * The candidate accesses of application code: field and array-element reads and writes, minus
 * final and volatile fields, class initialisers and a constructor's accesses to its own object.
 * Each site is merged over its nodes: objects united, locks intersected, threads united.
 * Accesses inside a watched library class ({@link racepipe.contract.WatchedLibrary})
 * count at the application java.util call sites that reach them ({@link LibraryLift}): one fact
 * per call site, variable and access kind.
 */
final class AccessCollector {
    private final WalaProgram p;
    private final HeldLocks held;
    private final LockPaths paths;
    private final StartJoinOrder order;
    final Map<String, AccessFact> sites = new LinkedHashMap<>();
    private BitSet appOwned;
    /** Arrays allocated with length 0 (ArrayList's shared EMPTY_ELEMENTDATA): no element access on them succeeds. */
    private BitSet emptyArrays;
    private final LibraryLift lift;
    private final OwnedFields owned;
    private final Encapsulated encapsulated;
    private final Fresh fresh;
    final ThreadOwned threadOwned;
    private final BarrierPhases phases;
    private final IndexPartition partition;
    private final SoleInstance sole;
    private final Map<CGNode, LockId> actions;
    private final VolatileFlags flags;
    private final ExecCount ex;
    private final Map<CGNode, BitSet> nodeThreads;
    /** Library accesses seen, before lifting (for the stats). */
    int libraryAccesses;

    AccessCollector(WalaProgram p, ThreadDiscovery d, BarrierPhases phases, HeldLocks held, LockPaths paths, StartJoinOrder order, Map<CGNode, BitSet> nodeThreads,
                    Map<CGNode, LockId> actions, VolatileFlags flags, ExecCount ex) {
        this.p = p;
        this.held = held;
        this.paths = paths;
        this.order = order;
        this.nodeThreads = nodeThreads;
        this.lift = new LibraryLift(p, paths, held);
        this.owned = new OwnedFields(p);
        this.encapsulated = new Encapsulated(p, owned);
        this.fresh = new Fresh(p);
        this.threadOwned = new ThreadOwned(p, d, paths, owned, ex::onceAlloc);
        this.phases = phases;
        InstanceIds ids = new InstanceIds(p, d, ex, threadOwned);
        this.partition = new IndexPartition(p, ids, paths, phases, d);
        this.sole = new SoleInstance(p, d, ids, phases);
        this.actions = actions;
        this.flags = flags;
        this.ex = ex;
    }

    int liftTruncated() {
        return lift.truncated;
    }

    void collect(CGNode n, BitSet threads) {
        IMethod m = n.getMethod();
        boolean library = !p.isOwn(n);
        boolean dependency = library && WalaProgram.isApp(n);
        if (library && appOwned == null) {
            appOwned = Escape.appOwned(p, 2);
            emptyArrays = emptyArrays(p);
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
                variable = arrayVariable(n, ar.getArrayRef(), WalaProgram.javaName(ar.getElementType()) + "[]");
                write = ins instanceof SSAArrayStoreInstruction;
            } else {
                if (!library && ins instanceof SSAAbstractInvokeInstruction call && call.isStatic()) {
                    arrayOperation(n, i, call, threads);
                }
                continue;
            }
            int bci = WalaSites.bci(m, i);
            if (bci < 0) {
                continue;
            }
            BitSet objects = null;
            if (base >= 0) {
                objects = new BitSet();
                for (InstanceKey ik : p.pts(n, base)) {
                    objects.set(p.index(ik));
                }
                if (library) {
                    objects.and(appOwned);
                    if (ins instanceof SSAArrayReferenceInstruction) {
                        objects.andNot(emptyArrays);
                    }
                }
            }
            if (library) {
                // a JDK static is no candidate; a dependency's is
                if (objects == null ? dependency : !objects.isEmpty()) {
                    libraryAccesses++;
                    lifted(n, i, bci, base, objects, variable, write, threads);
                }
                continue;
            }
            StaticSite site = new StaticSite(WalaProgram.internalName(m.getDeclaringClass().getReference()),
                    m.getName().toString(), m.getDescriptor().toString(), bci,
                    WalaSites.file(m.getDeclaringClass()), WalaSites.line(m, bci), write, variable);
            int ii = i;
            boolean first = !sites.containsKey(site.key());
            AccessFact a = merge(site.key(), site, objects, withAction(n, rebase(held.at(n, i), n, base)), threads,
                    t -> order.orderedWith(t, n, ii));
            boolean f = fresh.at(n, i, base);
            a.fresh = first ? f : a.fresh && f;
            Integer ci = ins instanceof SSAArrayReferenceInstruction ar2 && n.getIR().getSymbolTable().isIntegerConstant(ar2.getIndex())
                    ? Integer.valueOf(n.getIR().getSymbolTable().getIntValue(ar2.getIndex())) : null;
            a.constIndex = first || java.util.Objects.equals(a.constIndex, ci) ? ci : null;
            boolean here = Fresh.allocatedHere(n, base);
            a.allocatedHere = first ? here : a.allocatedHere && here;
            phases(a, n, i, threads);
            int index = ins instanceof SSAArrayReferenceInstruction ar ? ar.getIndex() : -1;
            for (int t = threads.nextSetBit(1); t >= 0; t = threads.nextSetBit(t + 1)) {
                int tt = t;
                String key = index >= 0 ? partition.key(t, n, i, index) : null;
                a.partitions.merge(t, key == null ? "" : key, (x, y) -> x.equals(y) ? x : "");
                String bk = partition.baseKey(t, n, base);
                a.basePartitions.merge(t, bk == null ? "" : bk, (x, y) -> x.equals(y) ? x : "");
                String eb = partition.episodeBase(t, n, base, i);
                a.episodeBases.merge(t, eb == null ? "" : eb, (x, y) -> x.equals(y) ? x : "");
                String g = sole.guard(tt, n, i);
                a.soleGuards.merge(t, g == null ? "" : g, (x, y) -> x.equals(y) ? x : "");
            }
            BitSet own = threadOwned.at(n, base, threads);
            if (first) {
                a.ownedIn = own;
            } else { // a thread not running node n keeps what its other nodes said
                BitSet others = (BitSet) threads.clone();
                others.flip(0, Math.max(others.length(), a.ownedIn.length()));
                own.or(others);
                a.ownedIn.and(own);
            }
            a.repeats |= repeats(n, i, threads);
            a.beforeFlags = meet(first, a.beforeFlags, names(flags.before(n, i)));
            a.afterFlags = meet(first, a.afterFlags, names(flags.after(n, i)));
        }
    }

    /**
     * A library access (node n, instruction i) counted at each application call site reaching it:
     * site = the invoke instruction; locks = those carried up from the JDK plus those held at the
     * call, named globally or from the accessed object; threads = those running the call site.
     */
    private void lifted(CGNode n, int i, int bci, int base, BitSet objects, String variable, boolean write, BitSet threads) {
        // the library frame, as a stack trace shows it: java.util.ArrayList.batchRemove(ArrayList.java:464)
        String jdkLine = WalaProgram.javaName(n.getMethod().getDeclaringClass().getReference()) + "."
                + n.getMethod().getName() + "(" + WalaSites.file(n.getMethod().getDeclaringClass()) + ":"
                + WalaSites.line(n.getMethod(), bci) + ")";
        for (LibraryLift.Lift l : lift.of(n, i, base)) {
            BitSet appThreads = nodeThreads.get(l.app());
            if (appThreads == null) {
                continue;
            }
            BitSet ts = (BitSet) appThreads.clone();
            ts.and(threads);
            IMethod am = l.app().getMethod();
            int cbci = WalaSites.bci(am, l.call().iIndex());
            if (ts.isEmpty() || cbci < 0) {
                continue;
            }
            StaticSite site = new StaticSite(WalaProgram.internalName(am.getDeclaringClass().getReference()),
                    am.getName().toString(), am.getDescriptor().toString(), cbci,
                    WalaSites.file(am.getDeclaringClass()), WalaSites.line(am, cbci), write, variable);
            Set<LockId> locks = new HashSet<>(l.locks());
            locks.addAll(withAction(l.app(), held.at(l.app(), l.call().iIndex())));
            Set<LockId> named = new HashSet<>();
            for (LockId lk : locks) {
                if (lk.global()) {
                    named.add(lk);
                    continue;
                }
                String g = paths.global(l.app(), lk.path());
                if (g != null) {
                    named.add(lk.at(g));
                }
                String pb = l.base();
                if (pb != null && lk.path().equals(pb)) {
                    named.add(lk.at("B"));
                } else if (pb != null && lk.path().startsWith(pb + ".")) {
                    named.add(lk.at("B" + lk.path().substring(pb.length())));
                }
            }
            String chain = encapsulatedChain(l);
            if (chain != null) {
                String rp = paths.path(l.app(), l.call().getReceiver());
                for (LockId lk : locks) {
                    // a lock on the collection's owner (or on an owner of that owner): "B~.pkg/C.f" names it from the insides
                    if (!lk.global() && rp.startsWith(lk.path() + ".")
                            && chainOwnedUpTo(rp.substring(lk.path().length()))) {
                        named.add(lk.at("B~" + rp.substring(lk.path().length())));
                    }
                }
            }
            int ci = l.call().iIndex();
            boolean firstFact = !sites.containsKey(site.key() + " " + site.access() + " " + variable);
            AccessFact a = merge(site.key() + " " + site.access() + " " + variable, site, objects, named, ts,
                    t -> order.orderedWith(t, l.app(), ci));
            // the owned collection's insides are its owner's: the thread instance's own when the owner is its body
            BitSet own = chain != null ? threadOwned.at(l.app(), l.call().getReceiver(), ts) : new BitSet();
            a.ownedInside = true;
            String inside = chain == null ? "" : chain.substring(1);
            a.insideOf = firstFact || inside.equals(a.insideOf) ? inside : "";
            if (firstFact) {
                a.ownedIn = own;
            } else {
                BitSet others = (BitSet) ts.clone();
                others.flip(0, Math.max(others.length(), a.ownedIn.length()));
                own.or(others);
                a.ownedIn.and(own);
            }
            a.repeats |= repeats(l.app(), ci, ts);
            if (a.library == null) {
                a.library = new TreeSet<>();
            }
            a.library.add(jdkLine);
        }
    }

    /**
     * For a lifted access at a call on an encapsulated collection ({@link Encapsulated}): the
     * receiver's path from its owner, ".pkg/C.f" (the last field is the collection's), else null.
     */
    private String encapsulatedChain(LibraryLift.Lift l) {
        SSAAbstractInvokeInstruction call = l.call();
        if (call.isStatic()) {
            return null;
        }
        String rp = paths.path(l.app(), call.getReceiver());
        int dot = rp.indexOf('.');
        if (dot < 0) {
            return null;
        }
        String[] parts = rp.substring(dot + 1).split("\\.");
        if (parts.length < 2) {
            return null;
        }
        String last = parts[parts.length - 2] + "." + parts[parts.length - 1];
        return encapsulated.is(last) ? "." + last : null;
    }

    /** A receiver path from a lock, ".C.g.D.f": every field but the last owned, the last encapsulated. */
    private boolean chainOwnedUpTo(String chain) {
        String[] parts = chain.substring(1).split("\\.");
        if (parts.length < 2 || parts.length % 2 != 0) {
            return false;
        }
        String last = parts[parts.length - 2] + "." + parts[parts.length - 1];
        String prefix = chain.substring(0, chain.length() - last.length() - 1);
        return encapsulated.is(last) && (prefix.isEmpty() || owned.ownedChain(prefix));
    }

    /** Each thread's barrier phase at (n, i); -1 once unknown or once two nodes of the site disagree. */
    private void phases(AccessFact a, CGNode n, int i, BitSet threads) {
        for (int t = threads.nextSetBit(1); t >= 0; t = threads.nextSetBit(t + 1)) {
            int ph = phases.phase(t, n, i);
            a.phases.merge(t, ph, (old, now) -> old.equals(now) ? old : -1);
        }
    }

    private AccessFact merge(String key, StaticSite site, BitSet objects, Set<LockId> locks, BitSet threads,
                             java.util.function.IntFunction<BitSet> orderedWith) {
        AccessFact a = sites.get(key);
        if (a == null) {
            a = new AccessFact(site, objects == null ? null : new BitSet(), locks);
            sites.put(key, a);
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
            BitSet ordered = orderedWith.apply(t);
            BitSet prev = a.threads.get(t);
            if (prev == null) {
                a.threads.put(t, ordered);
            } else {
                prev.and(ordered);
            }
        }
        return a;
    }

    /** (n, i) may run more than once: in a loop, in a node run more than once, or by a thread started many times. */
    private boolean repeats(CGNode n, int i, BitSet threads) {
        if (ex.count(n) > 1 || ex.inLoop(n, i)) {
            return true;
        }
        for (int t = threads.nextSetBit(1); t >= 0; t = threads.nextSetBit(t + 1)) {
            if (ex.multi[t]) {
                return true;
            }
        }
        return false;
    }

    private static Set<String> names(Set<IField> fields) {
        Set<String> out = new HashSet<>();
        fields.forEach(f -> out.add(LockPaths.fieldName(f)));
        return out;
    }

    private static Set<String> meet(boolean first, Set<String> old, Set<String> now) {
        if (first) {
            return now;
        }
        Set<String> out = new HashSet<>(old);
        out.retainAll(now);
        return out;
    }

    /** Plus the lock of the barrier action that alone reaches n ({@link BarrierActions}). */
    private Set<LockId> withAction(CGNode n, Set<LockId> locks) {
        LockId a = actions.get(n);
        if (a == null) {
            return locks;
        }
        Set<LockId> out = new HashSet<>(locks);
        out.add(a);
        return out;
    }

    /** Locks seen from the accessed object: globals, and paths from the base as B, B.f, ... */
    private Set<LockId> rebase(Set<LockId> held, CGNode n, int base) {
        Set<LockId> out = new HashSet<>();
        String pb = base >= 0 ? paths.path(n, base) : null;
        for (LockId l : held) {
            if (l.global()) {
                out.add(l);
            } else if (pb != null && l.path().equals(pb)) {
                out.add(l.at("B"));
            } else if (pb != null && l.path().startsWith(pb + ".")) {
                out.add(l.at("B" + l.path().substring(pb.length())));
            } else if (pb != null && pb.startsWith(l.path() + ".") && owned.ownedChain(pb.substring(l.path().length()))) {
                // the base is the lock's owned field (this.items under this): "the owner of B's chain"
                out.add(l.at("B^" + pb.substring(l.path().length())));
            }
        }
        return out;
    }

    private static BitSet emptyArrays(WalaProgram p) {
        BitSet out = new BitSet();
        for (InstanceKey ik : p.pa.getInstanceKeys()) {
            if (ik instanceof com.ibm.wala.ipa.callgraph.propagation.AllocationSiteInNode a
                    && a.getSite().getDeclaredType().isArrayType() && a.getNode().getIR() != null) {
                var ir = a.getNode().getIR();
                var nw = ir.getNew(a.getSite());
                if (nw != null && nw.getNumberOfUses() == 1 && ir.getSymbolTable().isIntegerConstant(nw.getUse(0))
                        && ir.getSymbolTable().getIntValue(nw.getUse(0)) == 0) {
                    out.set(p.index(ik));
                }
            }
        }
        return out;
    }

    /**
     * A bulk array operation of application code (WatchedLibrary.arrayOperation): System.arraycopy
     * reads its source's elements and writes its destination's, Arrays.fill/sort write their
     * array's, Arrays.copyOf/copyOfRange read theirs; each an access at the call instruction on
     * the array argument's elements, as the agent's bridge reports it (one fact per read/write).
     */
    private void arrayOperation(CGNode n, int i, SSAAbstractInvokeInstruction call, BitSet threads) {
        WatchedLibrary.ArrayOperation op = WatchedLibrary.arrayOperation(
                WalaProgram.internalName(call.getDeclaredTarget().getDeclaringClass()), call.getDeclaredTarget().getName().toString());
        if (op == null || call.getNumberOfPositionalParameters() == 0) {
            return;
        }
        if (op == WatchedLibrary.ArrayOperation.COPY) {
            if (call.getNumberOfPositionalParameters() == 5) {
                arrayOperation(n, i, call.getUse(0), false, threads);
                arrayOperation(n, i, call.getUse(2), true, threads);
            }
        } else {
            arrayOperation(n, i, call.getUse(0), op == WatchedLibrary.ArrayOperation.WRITE, threads);
        }
    }

    private void arrayOperation(CGNode n, int i, int base, boolean write, BitSet threads) {
        IMethod m = n.getMethod();
        int bci = WalaSites.bci(m, i);
        if (bci < 0) {
            return;
        }
        BitSet objects = new BitSet();
        for (InstanceKey ik : p.pts(n, base)) {
            objects.set(p.index(ik));
        }
        String variable = arrayVariable(n, base, "java.lang.Object[]");
        StaticSite site = new StaticSite(WalaProgram.internalName(m.getDeclaringClass().getReference()),
                m.getName().toString(), m.getDescriptor().toString(), bci,
                WalaSites.file(m.getDeclaringClass()), WalaSites.line(m, bci), write, variable);
        boolean first = !sites.containsKey(site.key() + " " + site.access() + " " + variable);
        AccessFact a = merge(site.key() + " " + site.access() + " " + variable, site, objects,
                withAction(n, rebase(held.at(n, i), n, base)), threads, t -> order.orderedWith(t, n, i));
        a.fresh = false;
        a.repeats |= repeats(n, i, threads);
        a.beforeFlags = meet(first, a.beforeFlags, names(flags.before(n, i)));
        a.afterFlags = meet(first, a.afterFlags, names(flags.after(n, i)));
    }

    /** The variable of an access to the elements of array value v: its concrete array type, when it has one. */
    private String arrayVariable(CGNode n, int v, String fallback) {
        Set<String> types = new TreeSet<>();
        for (InstanceKey ik : p.pts(n, v)) {
            if (ik.getConcreteType() != null && ik.getConcreteType().isArrayClass()) {
                types.add(WalaProgram.javaName(ik.getConcreteType().getReference()));
            }
        }
        if (types.size() == 1) {
            return types.iterator().next();
        }
        return fallback;
    }
}
