package racepipe.statics.internal.sootup;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import racepipe.contract.WatchedLibrary;
import sootup.callgraph.CallGraph;
import sootup.callgraph.RapidTypeAnalysisAlgorithm;
import sootup.core.jimple.common.Local;
import sootup.core.jimple.common.Value;
import sootup.core.jimple.common.constant.MethodHandle;
import sootup.core.jimple.common.expr.AbstractInstanceInvokeExpr;
import sootup.core.jimple.common.expr.AbstractInvokeExpr;
import sootup.core.jimple.common.expr.JCastExpr;
import sootup.core.jimple.common.expr.JDynamicInvokeExpr;
import sootup.core.jimple.common.expr.JNewExpr;
import sootup.core.jimple.common.expr.JSpecialInvokeExpr;
import sootup.core.jimple.common.stmt.JAssignStmt;
import sootup.core.jimple.common.stmt.Stmt;
import sootup.core.model.SootMethod;
import sootup.core.signatures.MethodSignature;
import sootup.core.types.ClassType;
import sootup.java.core.JavaSootClass;

/**
 * Abstract threads for the SootUp engine: main, and one per spawn statement (Thread.start or an
 * executor hand-over). Bodies come from the local definitions at the spawn: {@code new C} with
 * its own run(), the Runnable given to {@code new Thread(r)}, or a lambda/method reference (the
 * invokedynamic's implementation method); otherwise every application class of that interface.
 * RTA does not enter lambdas or library code, so the call graph is rebuilt with the bodies found
 * as extra entry points until no new body appears.
 */
final class SootThreads {
    /** {@code builder}: a thread builder's or factory's start (the Runnable argument is the body, the result the thread). */
    record SThread(int id, boolean task, boolean builder, SootMethod spawnMethod, Stmt spawn, Set<MethodSignature> entries,
                   String name) {
    }

    private static final Set<String> BUILDERS = Set.of("java.lang.Thread$Builder", "java.lang.Thread$Builder$OfVirtual",
            "java.lang.Thread$Builder$OfPlatform");
    private final SootProgram p;
    private final BciMap files;
    final List<SThread> threads = new ArrayList<>();
    final List<Set<MethodSignature>> reach = new ArrayList<>();
    final Set<Stmt> spawns = Collections.newSetFromMap(new IdentityHashMap<>());
    boolean[] multi;
    Map<MethodSignature, Integer> count = new HashMap<>();

    SootThreads(SootProgram p, BciMap files) {
        this.p = p;
        this.files = files;
    }

    void run(MethodSignature main) {
        List<MethodSignature> roots = new ArrayList<>(List.of(main));
        for (int round = 0; round < 6; round++) {
            p.cg = new RapidTypeAnalysisAlgorithm(p.view).initialize(roots);
            discover(main);
            List<MethodSignature> more = new ArrayList<>(roots);
            threads.forEach(t -> t.entries().stream().filter(e -> !more.contains(e)).forEach(more::add));
            if (more.size() == roots.size()) {
                break;
            }
            roots = more;
        }
        counts();
    }

    private void discover(MethodSignature main) {
        threads.clear();
        reach.clear();
        spawns.clear();
        threads.add(new SThread(0, false, false, null, null, Set.of(main), "main"));
        Map<Stmt, Boolean> made = new IdentityHashMap<>();
        for (int t = 0; t < threads.size(); t++) {
            Set<MethodSignature> r = reachFrom(threads.get(t).entries());
            reach.add(r);
            for (MethodSignature sig : r) {
                Optional<SootMethod> m = p.appBody(sig);
                if (m.isEmpty()) {
                    continue;
                }
                for (Stmt s : p.stmts(m.get())) {
                    int kind = spawnKind(s);
                    if (kind != 0 && made.put(s, true) == null) {
                        spawns.add(s);
                        addThread(m.get(), s, kind);
                    }
                }
            }
            // spawn statements found later must not have been walked through: recompute this reach
            reach.set(t, reachFrom(threads.get(t).entries()));
        }
    }

    Set<MethodSignature> reachFrom(Set<MethodSignature> entries) {
        Set<MethodSignature> seen = new LinkedHashSet<>(entries);
        Deque<MethodSignature> todo = new ArrayDeque<>(entries);
        while (!todo.isEmpty()) {
            MethodSignature m = todo.poll();
            if (!p.cg.containsMethod(m)) {
                continue;
            }
            for (CallGraph.Call c : p.cg.callsFrom(m)) {
                if (!spawns.contains(c.invokableStmt()) && spawnKind(c.invokableStmt()) == 0
                        && seen.add(c.targetMethodSignature())) {
                    todo.add(c.targetMethodSignature());
                }
            }
        }
        return seen;
    }

    /**
     * 0: no spawn, 1: Thread.start, 2: an executor/CompletableFuture/ForkJoin task hand-over
     * ({@link WatchedLibrary#TASK_METHODS}), 3: a thread builder's start/unstarted(Runnable)
     * ({@code Thread.ofVirtual()}, {@code Thread.ofPlatform()}), {@code Thread.startVirtualThread}
     * or a {@code ThreadFactory}'s newThread (a builder's factory()): an unstarted thread counts as
     * started where it is made. A collection of tasks (invokeAll) is not followed here.
     */
    int spawnKind(Stmt s) {
        if (!s.isInvokableStmt()) {
            return 0;
        }
        Optional<AbstractInvokeExpr> e = s.asInvokableStmt().getInvokeExpr();
        if (e.isEmpty() || e.get() instanceof JDynamicInvokeExpr) {
            return 0;
        }
        MethodSignature sig = e.get().getMethodSignature();
        ClassType c = sig.getDeclClassType();
        String cn = c.getFullyQualifiedName();
        if (sig.getName().equals("start") && sig.getParameterCount() == 0 && isThread(c)) {
            return 1;
        }
        if (sig.getParameterCount() == 1 && sig.getParameterTypes().get(0).toString().equals("java.lang.Runnable")
                && ((BUILDERS.contains(cn) && (sig.getName().equals("start") || sig.getName().equals("unstarted")))
                    || (cn.equals("java.lang.Thread") && sig.getName().equals("startVirtualThread"))
                    || (cn.equals("java.util.concurrent.ThreadFactory") && sig.getName().equals("newThread")))) {
            return 3;
        }
        if (cn.startsWith("java.util.concurrent.") && !cn.startsWith("java.util.concurrent.locks.")
                && !cn.startsWith("java.util.concurrent.atomic.") && WatchedLibrary.TASK_METHODS.contains(sig.getName())) {
            return 2;
        }
        return 0;
    }

    boolean isThread(ClassType c) {
        ClassType thread = p.view.getIdentifierFactory().getClassType("java.lang.Thread");
        return c.equals(thread) || p.view.getTypeHierarchy().isSubtype(thread, c);
    }

    private void addThread(SootMethod m, Stmt s, int kind) {
        AbstractInvokeExpr e = s.asInvokableStmt().getInvokeExpr().get();
        Set<MethodSignature> entries = new LinkedHashSet<>();
        boolean task = kind == 2;
        if (kind == 3) {
            for (Value a : e.getArgs()) {
                if (a instanceof Local l) {
                    entries.addAll(bodies(m, l, "run", 0));
                }
            }
        } else if (task) {
            for (Value a : e.getArgs()) {
                if (a instanceof Local l && !SootProgram.isPrimitive(l.getType())) {
                    for (String name : List.of("run", "call", "get")) {
                        entries.addAll(bodies(m, l, name, 0));
                    }
                }
            }
        } else if (e instanceof AbstractInstanceInvokeExpr ie) {
            entries.addAll(threadBodies(m, ie.getBase()));
        }
        entries.removeIf(sig -> p.appBody(sig).isEmpty());
        if (entries.isEmpty()) {
            return;
        }
        int id = threads.size();
        String runs = entries.stream().map(x -> x.getDeclClassType().getClassName() + "." + x.getName()).limit(2)
                .reduce((a, b) -> a + "," + b).orElse("?");
        String file = files.sourceFile(SootProgram.internalName(m.getDeclaringClassType()));
        String at = (file == null ? m.getDeclaringClassType().getClassName() : file) + ":"
                + s.getPositionInfo().getStmtPosition().getFirstLine();
        threads.add(new SThread(id, task, kind == 3, m, s, entries, "T" + id + " " + (task ? "task " : "thread ") + runs + " spawned @" + at));
    }

    private Set<MethodSignature> threadBodies(SootMethod m, Local recv) {
        Set<MethodSignature> out = new LinkedHashSet<>();
        for (Stmt d : copiesOf(m, recv)) {
            if (d instanceof JAssignStmt a && a.getRightOp() instanceof JNewExpr ne) {
                Optional<MethodSignature> run = findMethod(ne.getType(), "run");
                if (run.isPresent() && !run.get().getDeclClassType().getFullyQualifiedName().equals("java.lang.Thread")) {
                    out.add(run.get());
                    continue;
                }
                Local alloc = (Local) a.getLeftOp();
                for (Stmt s : p.stmts(m)) {
                    if (s.isInvokableStmt() && s.asInvokableStmt().getInvokeExpr().orElse(null) instanceof JSpecialInvokeExpr ctor
                            && ctor.getBase().equals(alloc) && ctor.getMethodSignature().getName().equals("<init>")) {
                        for (Value arg : ctor.getArgs()) {
                            if (arg instanceof Local l && l.getType().toString().equals("java.lang.Runnable")) {
                                out.addAll(bodies(m, l, "run", 0));
                            }
                        }
                    }
                }
                if (out.isEmpty()) {
                    out.addAll(implementers("java.lang.Runnable", "run"));
                }
            }
        }
        if (out.isEmpty()) {
            out.addAll(implementers("java.lang.Runnable", "run"));
        }
        return out;
    }

    /** Methods that may run when the object in local l is run/called/got. */
    private Set<MethodSignature> bodies(SootMethod m, Local l, String name, int depth) {
        Set<MethodSignature> out = new LinkedHashSet<>();
        for (Stmt d : p.defsOf(m, l)) {
            if (!(d instanceof JAssignStmt a)) {
                out.addAll(implementers(null, name));
                continue;
            }
            Value r = a.getRightOp();
            if (r instanceof Local src && depth < 8) {
                out.addAll(bodies(m, src, name, depth + 1));
            } else if (r instanceof JCastExpr c && c.getOp() instanceof Local src && depth < 8) {
                out.addAll(bodies(m, src, name, depth + 1));
            } else if (r instanceof JNewExpr ne) {
                findMethod(ne.getType(), name).ifPresent(out::add);
            } else if (r instanceof JDynamicInvokeExpr dyn) {
                if (dyn.getMethodSignature().getName().equals(name)) {
                    for (Value b : dyn.getBootstrapArgs()) {
                        if (b instanceof MethodHandle h && h.isMethodRef()) {
                            out.add((MethodSignature) h.getReferenceSignature());
                        }
                    }
                }
            } else {
                out.addAll(implementers(null, name));
            }
        }
        return out;
    }

    private List<Stmt> copiesOf(SootMethod m, Local l) {
        List<Stmt> out = new ArrayList<>();
        for (Stmt d : p.defsOf(m, l)) {
            if (d instanceof JAssignStmt a && a.getRightOp() instanceof Local src) {
                out.addAll(copiesOf(m, src));
            } else {
                out.add(d);
            }
        }
        return out;
    }

    private Optional<MethodSignature> findMethod(ClassType c, String name) {
        for (int i = 0; c != null && i < 20; i++) {
            Optional<JavaSootClass> k = p.view.getClass(c);
            if (k.isEmpty()) {
                return Optional.empty();
            }
            for (SootMethod m : k.get().getMethodsByName(name)) {
                if (m.getParameterCount() == 0 && m.hasBody()) {
                    return Optional.of(m.getSignature());
                }
            }
            c = k.get().getSuperclass().orElse(null);
        }
        return Optional.empty();
    }

    /** The coarse fallback: every application class's method of that name with no parameter. */
    private Set<MethodSignature> implementers(String iface, String name) {
        Set<MethodSignature> out = new LinkedHashSet<>();
        p.view.getClasses().filter(JavaSootClass::isApplicationClass).forEach(k -> {
            for (SootMethod m : k.getMethodsByName(name)) {
                if (m.getParameterCount() == 0 && m.hasBody() && !m.isStatic()) {
                    out.add(m.getSignature());
                }
            }
        });
        return out;
    }

    /** Saturating run counts (0, 1, 2 = many) and the multi-instance threads; see ExecCount. */
    private void counts() {
        multi = new boolean[threads.size()];
        boolean changed = true;
        while (changed) {
            count = new HashMap<>();
            Deque<MethodSignature> todo = new ArrayDeque<>();
            Map<MethodSignature, Integer> acc = new HashMap<>();
            Map<MethodSignature, Integer> sent = new HashMap<>();
            for (SThread t : threads) {
                for (MethodSignature e : t.entries()) {
                    bump(acc, todo, e, t.id() > 0 && multi[t.id()] ? 2 : 1);
                }
            }
            while (!todo.isEmpty()) {
                MethodSignature m = todo.poll();
                int c = count.getOrDefault(m, 0);
                int old = sent.getOrDefault(m, 0);
                if (c == old || !p.cg.containsMethod(m)) {
                    continue;
                }
                sent.put(m, c);
                Optional<SootMethod> body = p.method(m).filter(SootMethod::hasBody);
                for (CallGraph.Call call : p.cg.callsFrom(m)) {
                    if (spawnKind(call.invokableStmt()) != 0) {
                        continue;
                    }
                    boolean loop = body.isEmpty() || p.inLoop(body.get(), call.invokableStmt());
                    int delta = Math.min(2, loop ? 2 * c : c) - Math.min(2, loop ? 2 * old : old);
                    bump(acc, todo, call.targetMethodSignature(), delta);
                }
            }
            changed = false;
            for (SThread t : threads) {
                if (t.id() > 0 && !multi[t.id()] && !(count.getOrDefault(t.spawnMethod().getSignature(), 0) == 1
                        && !p.inLoop(t.spawnMethod(), t.spawn()))) {
                    multi[t.id()] = true;
                    changed = true;
                }
            }
        }
    }

    private void bump(Map<MethodSignature, Integer> acc, Deque<MethodSignature> todo, MethodSignature m, int delta) {
        int a = Math.min(2, acc.getOrDefault(m, 0) + delta);
        acc.put(m, a);
        if (a > count.getOrDefault(m, 0)) {
            count.put(m, a);
            todo.add(m);
        }
    }
}
