package racepipe.statics.internal.sootup;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import sootup.callgraph.CallGraph;
import sootup.core.jimple.common.Local;
import sootup.core.jimple.common.Value;
import sootup.core.jimple.common.constant.NullConstant;
import sootup.core.jimple.common.expr.JEqExpr;
import sootup.core.jimple.common.expr.JNeExpr;
import sootup.core.jimple.common.expr.AbstractInstanceInvokeExpr;
import sootup.core.jimple.common.stmt.JAssignStmt;
import sootup.core.jimple.common.stmt.JIfStmt;
import sootup.core.jimple.common.stmt.Stmt;
import sootup.core.model.SootMethod;
import sootup.core.signatures.MethodSignature;

/**
 * Start/join ordering for the SootUp engine, as in the WALA engine: for a single-instance thread
 * spawned once in M, M's statements before the spawn or dominated by a join of that thread
 * (Thread.join() on the same path, get()/join() on the spawn's result) are ordered with it, and
 * so are the parent's methods reached only from those statements.
 */
final class SootOrder {
    record Refined(int parent, SootMethod m, Set<Stmt> ordered, Set<Stmt> after, Set<MethodSignature> concurrent) {
    }

    private final SootProgram p;
    private final SootThreads t;
    private final SootLocks locks;
    final Map<Integer, Refined> refined = new HashMap<>();

    SootOrder(SootProgram p, SootThreads t, SootLocks locks) {
        this.p = p;
        this.t = t;
        this.locks = locks;
    }

    void run() {
        for (SootThreads.SThread th : t.threads) {
            if (th.id() == 0 || t.multi[th.id()]) {
                continue;
            }
            int parent = -1;
            for (int q = 0; q < t.reach.size(); q++) {
                if (t.reach.get(q).contains(th.spawnMethod().getSignature())) {
                    parent = parent == -1 ? q : -2;
                }
            }
            if (parent >= 0) {
                refined.put(th.id(), refine(th, parent));
            }
        }
    }

    BitSet orderedWith(int thread, SootMethod m, Stmt s) {
        BitSet out = new BitSet();
        refined.forEach((child, r) -> {
            if (r.parent() == thread && (m.getSignature().equals(r.m().getSignature())
                    ? r.ordered().contains(s) : !r.concurrent().contains(m.getSignature()))) {
                out.set(child);
            }
        });
        return out;
    }

    List<int[]> orderedThreads() {
        List<int[]> out = new ArrayList<>();
        refined.forEach((a, ra) -> refined.forEach((b, rb) -> {
            if (!a.equals(b) && ra.m().getSignature().equals(rb.m().getSignature())
                    && ra.after().contains(t.threads.get(b).spawn())) {
                out.add(new int[] {a, b});
            }
        }));
        return out;
    }

    private Refined refine(SootThreads.SThread th, int parent) {
        SootMethod m = th.spawnMethod();
        Set<Stmt> forward = reachable(m, p.succs(m, th.spawn()), null);
        Set<Stmt> all = reachable(m, List.of(m.getBody().getControlFlowGraph().getStartingStmt()), null);
        Set<Stmt> after = identitySet();
        Map<Stmt, Stmt> dead = nullBranches(th, m);
        for (Stmt j : joins(th, m)) {
            Set<Stmt> without = reachable(m, List.of(m.getBody().getControlFlowGraph().getStartingStmt()), j, dead);
            for (Stmt s : all) {
                if (s != j && !without.contains(s)) {
                    after.add(s);
                }
            }
        }
        Set<Stmt> ordered = identitySet();
        for (Stmt s : p.stmts(m)) {
            if (!forward.contains(s) || after.contains(s)) {
                ordered.add(s);
            }
        }
        return new Refined(parent, m, ordered, after, concurrent(parent, m, ordered));
    }

    private List<Stmt> joins(SootThreads.SThread th, SootMethod m) {
        List<Stmt> out = new ArrayList<>();
        AbstractInstanceInvokeExpr spawn = th.spawn().asInvokableStmt().getInvokeExpr().orElse(null)
                instanceof AbstractInstanceInvokeExpr ie ? ie : null;
        String threadPath = !th.task() && spawn != null ? locks.path(m, spawn.getBase()) : null;
        Local result = th.spawn() instanceof JAssignStmt a && a.getLeftOp() instanceof Local l ? l : null;
        for (Stmt s : p.stmts(m)) {
            if (!(s.isInvokableStmt() && s.asInvokableStmt().getInvokeExpr().orElse(null) instanceof AbstractInstanceInvokeExpr c)
                    || c.getMethodSignature().getParameterCount() != 0) {
                continue;
            }
            String name = c.getMethodSignature().getName();
            if (threadPath != null && name.equals("join") && t.isThread(c.getMethodSignature().getDeclClassType())
                    && locks.path(m, c.getBase()).equals(threadPath) && !threadPath.startsWith("V~")) {
                out.add(s);
            } else if (th.builder() && result != null && name.equals("join") && t.isThread(c.getMethodSignature().getDeclClassType())
                    && locks.path(m, c.getBase()).equals(locks.path(m, result))) {
                out.add(s);
            } else if (th.task() && result != null && (name.equals("get") || name.equals("join"))
                    && locks.path(m, c.getBase()).equals(locks.path(m, result))) {
                out.add(s);
            } else if (th.task() && spawn != null && name.equals("close")
                    && c.getMethodSignature().getDeclClassType().getFullyQualifiedName().startsWith("java.util.concurrent.")
                    && c.getBase().equals(spawn.getBase()) && p.defsOf(m, spawn.getBase()).size() == 1) {
                // ExecutorService.close() (JDK 19+) returns once every task it was given has ended
                out.add(s);
            }
        }
        return out;
    }

    /**
     * The branches taken when a test finds the spawn's receiver or result null: none after the
     * spawn (it dereferenced the one and made the other; try-with-resources tests its executor
     * before close()), so a join's "every path" ignores them.
     */
    private Map<Stmt, Stmt> nullBranches(SootThreads.SThread th, SootMethod m) {
        Map<Stmt, Stmt> out = new IdentityHashMap<>();
        Set<String> ours = new HashSet<>();
        if (th.spawn().asInvokableStmt().getInvokeExpr().orElse(null) instanceof AbstractInstanceInvokeExpr ie) {
            ours.add(locks.path(m, ie.getBase()));
        }
        if (th.spawn() instanceof JAssignStmt a && a.getLeftOp() instanceof Local l) {
            ours.add(locks.path(m, l));
        }
        for (Stmt s : p.stmts(m)) {
            if (!(s instanceof JIfStmt i)) {
                continue;
            }
            var c = i.getCondition();
            Value v = c.getOp1() instanceof NullConstant ? c.getOp2() : c.getOp2() instanceof NullConstant ? c.getOp1() : null;
            List<Stmt> succ = m.getBody().getControlFlowGraph().successors(s);
            if (!(v instanceof Local l) || !ours.contains(locks.path(m, l)) || succ.size() != 2) {
                continue;
            }
            if (c instanceof JEqExpr) {
                out.put(s, succ.get(JIfStmt.TRUE_BRANCH_IDX));
            } else if (c instanceof JNeExpr) {
                out.put(s, succ.get(JIfStmt.FALSE_BRANCH_IDX));
            }
        }
        return out;
    }

    private Set<Stmt> reachable(SootMethod m, List<Stmt> from, Stmt avoid) {
        return reachable(m, from, avoid, Map.of());
    }

    private Set<Stmt> reachable(SootMethod m, List<Stmt> from, Stmt avoid, Map<Stmt, Stmt> dead) {
        Set<Stmt> seen = identitySet();
        Deque<Stmt> todo = new ArrayDeque<>();
        for (Stmt s : from) {
            if (s != avoid && seen.add(s)) {
                todo.add(s);
            }
        }
        while (!todo.isEmpty()) {
            Stmt x = todo.poll();
            for (Stmt n : p.succs(m, x)) {
                if (n != avoid && dead.get(x) != n && seen.add(n)) {
                    todo.add(n);
                }
            }
        }
        return seen;
    }

    private Set<MethodSignature> concurrent(int parent, SootMethod m, Set<Stmt> ordered) {
        Set<MethodSignature> seen = new LinkedHashSet<>(t.threads.get(parent).entries());
        Deque<MethodSignature> todo = new ArrayDeque<>(seen);
        while (!todo.isEmpty()) {
            MethodSignature x = todo.poll();
            if (!p.cg.containsMethod(x)) {
                continue;
            }
            for (CallGraph.Call c : p.cg.callsFrom(x)) {
                if (t.spawnKind(c.invokableStmt()) != 0
                        || (x.equals(m.getSignature()) && ordered.contains(c.invokableStmt()))) {
                    continue;
                }
                if (seen.add(c.targetMethodSignature())) {
                    todo.add(c.targetMethodSignature());
                }
            }
        }
        return seen;
    }

    private static Set<Stmt> identitySet() {
        return Collections.newSetFromMap(new IdentityHashMap<>());
    }
}
