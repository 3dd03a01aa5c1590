package racepipe.statics.internal.wala;

import com.ibm.wala.classLoader.CallSiteReference;
import com.ibm.wala.classLoader.IBytecodeMethod;
import com.ibm.wala.classLoader.IClass;
import com.ibm.wala.classLoader.IField;
import com.ibm.wala.classLoader.IMethod;
import com.ibm.wala.ipa.callgraph.CGNode;
import com.ibm.wala.ipa.callgraph.propagation.InstanceKey;
import com.ibm.wala.shrike.shrikeCT.InvalidClassFileException;
import com.ibm.wala.ssa.SSAAbstractInvokeInstruction;
import com.ibm.wala.ssa.SSAArrayLoadInstruction;
import com.ibm.wala.ssa.SSAArrayReferenceInstruction;
import com.ibm.wala.ssa.SSAArrayStoreInstruction;
import com.ibm.wala.ssa.SSAFieldAccessInstruction;
import com.ibm.wala.ssa.SSAInstruction;
import com.ibm.wala.types.MethodReference;
import com.ibm.wala.types.Selector;
import com.ibm.wala.types.TypeReference;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import racepipe.contract.SiteKey;
import racepipe.contract.WatchedLibrary;

/**
 * The application's thread-local access sites: instance field and array element accesses whose
 * objects never leave the thread that made them, so that no other thread can touch them (the
 * dynamic side may leave them unwatched: a wrong entry hides a race, a missing one costs time).
 * A site is listed when it is in the call graph and, in every node holding it, its base points
 * to something and to no escaping object. Volatile fields never are (synchronisation), nor
 * statics, nor bulk array operations or lifted library calls.
 * <p>
 * The points-to sees only modelled code, so escape here has more roots than {@link Escape#of}'s
 * (which stay as they are for the pairs): every thread object, started or not (a pool's holds
 * its tasks and their results); the arguments of every spawn call, of every call into excluded
 * code (Unsafe and VarHandle stores, reflection, callbacks), of every application call that
 * resolved to nothing and of every native method without a model (but a few that keep
 * nothing); and the objects with an application finalize() (the finaliser thread runs it).
 * <p>
 * And code may run on objects the points-to never saw there: the targets of an application
 * call that resolved to nothing, the application objects handed to excluded code (callbacks),
 * the bodies of threads no call-graph Thread.start starts (shutdown hooks), finalizers and
 * uncaught-exception handlers. Their nodes are not trusted, nor what they call, nor the threads
 * they spawn; a method the call graph lacks is followed by its bytecode's calls. Unseen code
 * that starts threads itself leaves nothing to trust: then no site is listed.
 * <p>
 * Values the points-to shows nothing for (read back through unmodelled code: a
 * ConcurrentHashMap bin) may be any object, and so may what they flow into: a base among them is
 * not listed ({@link #unknownValues}). Not covered: a library result whose set is only partly
 * missing (some of its objects modelled, some read back unmodelled).
 */
final class ThreadLocalSites {
    private static final Selector FINALIZE = Selector.make("finalize()V");
    private static final Selector UNCAUGHT = Selector.make("uncaughtException(Ljava/lang/Thread;Ljava/lang/Throwable;)V");
    private static final TypeReference EXECUTOR = TypeReference.findOrCreate(
            com.ibm.wala.types.ClassLoaderReference.Primordial, "Ljava/util/concurrent/Executor");
    /** Unmodelled stores and compare-and-sets: they keep their arguments, but call nothing back. */
    private static final Set<String> PRIMITIVES = Set.of("jdk/internal/misc/Unsafe", "sun/misc/Unsafe",
            "java/lang/invoke/VarHandle");
    /** Natives that neither keep a reference nor call back: their arguments do not escape through them. */
    private static final Set<String> KEEP_NOTHING = Set.of(
            "java/lang/Object.getClass", "java/lang/Object.hashCode", "java/lang/Object.notify",
            "java/lang/Object.notifyAll", "java/lang/Object.wait", "java/lang/System.identityHashCode",
            "java/lang/Thread.holdsLock", "java/lang/Class.isInstance");

    private final WalaProgram p;
    private final ThreadDiscovery d;
    private final List<CGNode> nodes = new ArrayList<>();
    /** Roots beyond Escape's: what is handed to code the points-to does not model. */
    private final BitSet unmodelled = new BitSet();
    /** Of those, what application calls to nothing hand over, and what library code hands to excluded code. */
    private final BitSet handedByApp = new BitSet();
    private final BitSet handedByLibrary = new BitSet();
    /** Nodes that may run on objects the points-to never saw there. */
    private final BitSet untrusted = new BitSet();
    private final Deque<CGNode> todo = new ArrayDeque<>();
    private final Set<IMethod> unseenMethods = new HashSet<>();
    /** Receivers of the call graph's Thread.start calls. */
    private final Set<InstanceKey> startedThreads = new HashSet<>();
    /** Per application node: values that may hold an object the points-to does not show there. */
    private final Map<CGNode, BitSet> unknown = new HashMap<>();
    /** Why nothing is listed, or null. */
    String unsure;
    private BitSet escaping;
    /** The thread-local site keys, sorted. */
    final List<String> keys = new ArrayList<>();

    ThreadLocalSites(WalaProgram p, ThreadDiscovery d) {
        this.p = p;
        this.d = d;
    }

    void run() {
        p.cg.forEach(nodes::add);
        nodes.forEach(this::calls);
        BitSet roots = Escape.roots(p, d);
        roots.or(unmodelled);
        threads(roots);
        for (InstanceKey ik : p.pa.getInstanceKeys()) {
            IMethod fin = appMethod(ik, FINALIZE);
            if (fin != null) {
                set(roots, p.index(ik));
                unseen(fin);
            }
            IMethod handler = appMethod(ik, UNCAUGHT);
            if (handler != null) {
                unseen(handler);
            }
        }
        escaping = Escape.closure(p, roots);
        callbacks();
        spread();
        unknownValues();
        if (unsure == null) {
            sites();
        }
    }

    /**
     * The arguments of spawns, of unmodelled natives and of calls into excluded code escape (an
     * Unsafe or VarHandle store, a callback); so do those of an application call that resolved
     * to nothing, which may also run any of its targets. Library calls that resolved to nothing
     * on a modelled method are dead in the points-to (nothing reaches their receiver).
     */
    private void calls(CGNode n) {
        if (n.getIR() == null) {
            return;
        }
        Map<CallSiteReference, SpawnKind> spawns = d.spawnSites.getOrDefault(n, Map.of());
        boolean app = WalaProgram.isApp(n);
        for (var it = n.iterateCallSites(); it.hasNext(); ) {
            CallSiteReference site = it.next();
            Set<CGNode> targets = p.cg.getPossibleTargets(n, site);
            if (targets.stream().anyMatch(t -> SpawnKind.of(t) == SpawnKind.THREAD_START)) {
                for (SSAAbstractInvokeInstruction call : WalaSites.calls(n.getIR(), site)) {
                    p.pts(n, call.getReceiver()).forEach(startedThreads::add);
                }
            }
            MethodReference declared = site.getDeclaredTarget();
            boolean none = targets.isEmpty();
            boolean excluded = none && (PRIMITIVES.contains(WalaProgram.internalName(declared.getDeclaringClass()))
                    || p.cha.getPossibleTargets(declared).isEmpty());
            boolean unresolved = none && app;
            if (!excluded && !unresolved && !spawns.containsKey(site)
                    && targets.stream().allMatch(t -> t.getIR() != null || keepsNothing(t))) {
                continue;
            }
            for (SSAAbstractInvokeInstruction call : WalaSites.calls(n.getIR(), site)) {
                for (int u = 0; u < call.getNumberOfUses(); u++) {
                    for (InstanceKey ik : p.pts(n, call.getUse(u))) {
                        set(unmodelled, p.index(ik));
                        if (unresolved) {
                            set(handedByApp, p.index(ik));
                        } else if (excluded) {
                            set(handedByLibrary, p.index(ik));
                        }
                    }
                }
            }
            if (unresolved) {
                p.cha.getPossibleTargets(declared).forEach(this::unseen);
            }
        }
    }

    private static boolean keepsNothing(CGNode t) {
        IMethod m = t.getMethod();
        return KEEP_NOTHING.contains(WalaProgram.internalName(m.getDeclaringClass().getReference()) + "." + m.getName());
    }

    /** The application's override of this method for the object, or null. */
    private IMethod appMethod(InstanceKey ik, Selector s) {
        IClass k = ik.getConcreteType();
        if (k == null || k.isArrayClass() || !WalaProgram.isApp(k)) {
            return null;
        }
        IMethod m = p.cha.resolveMethod(k, s);
        return m != null && WalaProgram.isApp(m.getDeclaringClass()) ? m : null;
    }

    /**
     * Application objects handed to excluded code may be called back: those the library hands
     * over, and all the application reaches from what it hands over itself (a list of listeners).
     */
    private void callbacks() {
        BitSet reached = Escape.closure(p, handedByApp);
        reached.or(handedByLibrary);
        for (int i = reached.nextSetBit(0); i >= 0; i = reached.nextSetBit(i + 1)) {
            InstanceKey ik = p.pa.getInstanceKeyMapping().getMappedObject(i);
            IClass k = ik == null ? null : ik.getConcreteType();
            if (k == null || k.isArrayClass() || !(WalaProgram.isApp(k) || isLambda(k))) {
                continue;
            }
            for (IMethod m : k.getAllMethods()) {
                if (WalaProgram.isApp(m.getDeclaringClass())) {
                    unseen(m);
                } else if (isLambda(m.getDeclaringClass())) {
                    // a lambda's summary: unseen when it calls application code
                    for (CGNode ln : p.cg.getNodes(m.getReference())) {
                        for (var succ = p.cg.getSuccNodes(ln); succ.hasNext(); ) {
                            CGNode t = succ.next();
                            if (WalaProgram.isApp(t)) {
                                unseen(t.getMethod());
                            }
                        }
                    }
                }
            }
        }
    }

    private static boolean isLambda(IClass k) {
        return WalaProgram.internalName(k.getReference()).startsWith("wala/lambda");
    }

    /**
     * Every thread object escapes (a pool's, started inside an executor, holds its tasks and
     * their results); one that no call-graph Thread.start starts (a shutdown hook, one of
     * excluded code) runs its body unseen.
     */
    private void threads(BitSet roots) {
        IClass thread = p.cha.lookupClass(TypeReference.JavaLangThread);
        if (thread == null) {
            return;
        }
        ThreadBodies bodies = new ThreadBodies(p);
        for (InstanceKey ik : p.pa.getInstanceKeys()) {
            IClass k = ik.getConcreteType();
            if (k != null && !k.isArrayClass() && p.cha.isSubclassOf(k, thread)) {
                set(roots, p.index(ik));
                if (!startedThreads.contains(ik)) {
                    bodies.ofThread(ik).values().forEach(this::unseen);
                }
            }
        }
    }

    /** Methods outside the call graph followed before the stage gives up (lists nothing): a whole library's worth. */
    static final int UNSEEN_LIMIT = 20_000;

    /**
     * A method that may run on what the points-to never saw: its nodes, or when it has none,
     * whatever its bytecode calls, followed with a work list (a library's call chains are deep).
     */
    private void unseen(IMethod first) {
        Deque<IMethod> todo = new ArrayDeque<>();
        todo.push(first);
        while (!todo.isEmpty()) {
            IMethod m = todo.pop();
            if (!unseenMethods.add(m)) {
                continue;
            }
            if (unseenMethods.size() > UNSEEN_LIMIT) {
                unsure = "code outside the call graph reaches over " + UNSEEN_LIMIT + " methods";
                return;
            }
            Set<CGNode> ns = p.cg.getNodes(m.getReference());
            if (!ns.isEmpty()) {
                ns.forEach(this::untrust);
                continue;
            }
            if (m.isAbstract() || m.isNative() || !(m instanceof IBytecodeMethod<?> bm)) {
                continue;
            }
            try {
                for (CallSiteReference site : bm.getCallSites()) {
                    MethodReference target = site.getDeclaredTarget();
                    if (startsThreads(target)) {
                        unsure = "code outside the call graph may start threads (" + WalaProgram.shortMethod(m) + ")";
                    }
                    todo.addAll(p.cha.getPossibleTargets(target));
                }
            } catch (InvalidClassFileException e) {
                unsure = "unreadable code in " + WalaProgram.shortMethod(m);
            }
        }
    }

    /** Thread.start or an executor's task hand-over, by the declared target (SpawnKind needs a node). */
    private boolean startsThreads(MethodReference t) {
        IClass c = p.cha.lookupClass(t.getDeclaringClass());
        if (c == null) {
            return false;
        }
        String cls = WalaProgram.internalName(c.getReference());
        String name = t.getName().toString();
        if (name.equals("start") && t.getDescriptor().toString().equals("()V")) {
            IClass thread = p.cha.lookupClass(TypeReference.JavaLangThread);
            return thread == null || p.cha.isSubclassOf(c, thread);
        }
        boolean task = WatchedLibrary.TASK_METHODS.contains(name) || name.equals(WatchedLibrary.TASK_COLLECTION_METHOD);
        IClass executor = p.cha.lookupClass(EXECUTOR);
        return task && (cls.startsWith("java/util/concurrent/") || executor != null && p.cha.implementsInterface(c, executor));
    }

    private void untrust(CGNode n) {
        int i = p.cg.getNumber(n);
        if (!untrusted.get(i)) {
            untrusted.set(i);
            todo.add(n);
        }
    }

    /**
     * What untrusted nodes call is untrusted too, and the threads they spawn; an application
     * node's calls by the class hierarchy as well (other receivers, other targets).
     */
    private void spread() {
        Map<CGNode, List<WalaThread>> spawnedAt = new HashMap<>();
        for (WalaThread t : d.threads) {
            if (t.spawnNode() != null) {
                spawnedAt.computeIfAbsent(t.spawnNode(), x -> new ArrayList<>()).add(t);
            }
        }
        while (!todo.isEmpty()) {
            CGNode n = todo.poll();
            p.cg.getSuccNodes(n).forEachRemaining(this::untrust);
            for (WalaThread t : spawnedAt.getOrDefault(n, List.of())) {
                t.entries().forEach(this::untrust);
            }
            if (WalaProgram.isApp(n)) {
                for (var it = n.iterateCallSites(); it.hasNext(); ) {
                    p.cha.getPossibleTargets(it.next().getDeclaredTarget()).forEach(this::unseen);
                }
            }
        }
    }

    /**
     * Values of application code the points-to may know only part of: results of calls, loads
     * and parameters that point to nothing (read back through unmodelled code, a
     * ConcurrentHashMap bin; made by code it does not see), and what they flow into: phis and
     * casts, returns to the callers, arguments to the callees; stored into an object, or handed
     * with it to a library call (a list's add), they make it a holder, and a load from a holder
     * or a library call given one (a list's get) may yield them. A base among them may be an
     * object its set lacks.
     */
    private void unknownValues() {
        List<CGNode> app = nodes.stream().filter(n -> WalaProgram.isApp(n) && n.getIR() != null).toList();
        app.forEach(n -> unknown.put(n, new BitSet()));
        for (CGNode n : app) {
            for (int v = 1; v <= n.getIR().getNumberOfParameters(); v++) {
                if (n.getMethod().getParameterType(v - 1).isReferenceType() && p.pts(n, v).isEmpty()) {
                    unknown.get(n).set(v);
                }
            }
        }
        Set<CGNode> unknownReturn = new HashSet<>();
        BitSet holders = new BitSet();
        boolean changed = true;
        while (changed) {
            changed = false;
            for (CGNode n : app) {
                BitSet u = unknown.get(n);
                int before = u.cardinality() + holders.cardinality() + unknownReturn.size();
                List<SSAInstruction> all = new ArrayList<>();
                n.getIR().iteratePhis().forEachRemaining(all::add);
                n.getIR().iteratePis().forEachRemaining(all::add);
                for (SSAInstruction ins : n.getIR().getInstructions()) {
                    if (ins != null) {
                        all.add(ins);
                    }
                }
                for (SSAInstruction ins : all) {
                    flow(n, ins, u, unknownReturn, holders);
                }
                changed |= u.cardinality() + holders.cardinality() + unknownReturn.size() != before;
            }
        }
    }

    private void flow(CGNode n, SSAInstruction ins, BitSet u, Set<CGNode> unknownReturn, BitSet holders) {
        if (ins instanceof SSAAbstractInvokeInstruction call) {
            Set<CGNode> targets = p.cg.getPossibleTargets(n, call.getCallSite());
            boolean library = targets.isEmpty() || targets.stream().anyMatch(t -> !unknown.containsKey(t));
            boolean given = false;
            for (int j = 0; j < call.getNumberOfPositionalParameters(); j++) {
                int v = call.getUse(j);
                given |= u.get(v) || held(n, v, holders);
                for (CGNode t : targets) {
                    BitSet tu = unknown.get(t);
                    if (tu != null && u.get(v)) {
                        tu.set(j + 1);
                    }
                }
            }
            if (library && given) {
                for (int j = 0; j < call.getNumberOfPositionalParameters(); j++) {
                    hold(n, call.getUse(j), holders);
                }
            }
            if (call.hasDef() && call.getDeclaredResultType().isReferenceType() && (p.pts(n, call.getDef()).isEmpty()
                    || targets.stream().anyMatch(unknownReturn::contains) || library && given)) {
                u.set(call.getDef());
            }
        } else if (ins instanceof com.ibm.wala.ssa.SSAGetInstruction get) {
            if (get.getDeclaredFieldType().isReferenceType() && (p.pts(n, get.getDef()).isEmpty()
                    || !get.isStatic() && (u.get(get.getRef()) || held(n, get.getRef(), holders)))) {
                u.set(get.getDef());
            }
        } else if (ins instanceof SSAArrayLoadInstruction load) {
            if (load.getElementType().isReferenceType() && (p.pts(n, load.getDef()).isEmpty()
                    || u.get(load.getArrayRef()) || held(n, load.getArrayRef(), holders))) {
                u.set(load.getDef());
            }
        } else if (ins instanceof com.ibm.wala.ssa.SSAPutInstruction put) {
            if (!put.isStatic() && u.get(put.getVal())) {
                hold(n, put.getRef(), holders);
            }
        } else if (ins instanceof SSAArrayStoreInstruction store) {
            if (u.get(store.getValue())) {
                hold(n, store.getArrayRef(), holders);
            }
        } else if (ins instanceof com.ibm.wala.ssa.SSAReturnInstruction ret) {
            if (ret.getResult() > 0 && u.get(ret.getResult())) {
                unknownReturn.add(n);
            }
        } else if (ins instanceof com.ibm.wala.ssa.SSAPhiInstruction || ins instanceof com.ibm.wala.ssa.SSAPiInstruction
                || ins instanceof com.ibm.wala.ssa.SSACheckCastInstruction) {
            for (int j = 0; j < ins.getNumberOfUses(); j++) {
                if (ins.getUse(j) > 0 && u.get(ins.getUse(j))) {
                    u.set(ins.getDef());
                }
            }
        }
    }

    private boolean held(CGNode n, int v, BitSet holders) {
        for (InstanceKey ik : p.pts(n, v)) {
            if (holders.get(Math.max(p.index(ik), 0))) {
                return true;
            }
        }
        return false;
    }

    private void hold(CGNode n, int v, BitSet holders) {
        for (InstanceKey ik : p.pts(n, v)) {
            set(holders, p.index(ik));
        }
    }

    /** Per site: thread-local in every node that holds it. */
    private void sites() {
        Map<String, Boolean> local = new TreeMap<>();
        for (CGNode n : nodes) {
            if (!p.isOwn(n) || n.getIR() == null) {
                continue;
            }
            IMethod m = n.getMethod();
            boolean trusted = !untrusted.get(p.cg.getNumber(n));
            SSAInstruction[] instrs = n.getIR().getInstructions();
            for (int i = 0; i < instrs.length; i++) {
                SSAInstruction ins = instrs[i];
                int base;
                boolean ok = trusted;
                if (ins instanceof SSAFieldAccessInstruction fa) {
                    if (fa.isStatic()) {
                        continue;
                    }
                    IField f = p.field(fa.getDeclaredField());
                    ok &= f != null && !f.isVolatile();
                    base = fa.getRef();
                } else if (ins instanceof SSAArrayReferenceInstruction ar
                        && (ins instanceof SSAArrayLoadInstruction || ins instanceof SSAArrayStoreInstruction)) {
                    base = ar.getArrayRef();
                } else {
                    continue;
                }
                int bci = WalaSites.bci(m, i);
                if (bci < 0) {
                    continue;
                }
                ok &= !unknown.get(n).get(base);
                if (ok) {
                    boolean any = false;
                    for (InstanceKey ik : p.pts(n, base)) {
                        int x = p.index(ik);
                        any = true;
                        ok &= x >= 0 && !escaping.get(x);
                    }
                    ok &= any;
                }
                String key = SiteKey.of(WalaProgram.internalName(m.getDeclaringClass().getReference()),
                        m.getName().toString(), m.getDescriptor().toString(), bci);
                local.merge(key, ok, Boolean::logicalAnd);
            }
        }
        local.forEach((k, v) -> {
            if (v) {
                keys.add(k);
            }
        });
    }

    private static void set(BitSet s, int i) {
        if (i >= 0) {
            s.set(i);
        }
    }
}
