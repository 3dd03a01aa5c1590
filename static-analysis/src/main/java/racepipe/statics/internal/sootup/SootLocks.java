package racepipe.statics.internal.sootup;

import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import sootup.callgraph.CallGraph;
import sootup.core.jimple.common.Local;
import sootup.core.jimple.common.Value;
import sootup.core.jimple.common.constant.ClassConstant;
import sootup.core.jimple.common.constant.StringConstant;
import sootup.core.jimple.common.expr.AbstractInstanceInvokeExpr;
import sootup.core.jimple.common.expr.AbstractInvokeExpr;
import sootup.core.jimple.common.expr.JCastExpr;
import sootup.core.jimple.common.ref.JInstanceFieldRef;
import sootup.core.jimple.common.ref.JParameterRef;
import sootup.core.jimple.common.ref.JStaticFieldRef;
import sootup.core.jimple.common.ref.JThisRef;
import sootup.core.jimple.common.stmt.JAssignStmt;
import sootup.core.jimple.javabytecode.stmt.JEnterMonitorStmt;
import sootup.core.jimple.javabytecode.stmt.JExitMonitorStmt;
import sootup.core.jimple.common.stmt.JIdentityStmt;
import sootup.core.jimple.common.stmt.Stmt;
import sootup.core.model.SootField;
import sootup.core.model.SootMethod;
import sootup.core.signatures.MethodSignature;
import racepipe.statics.internal.model.LockId;

/**
 * Must-held locks over Jimple, the same rules as the WALA engine: a lock is an access path of
 * final fields from a parameter/local ({@code V#0} = this, {@code V#i} = parameter i), a static
 * final field ({@code S:}) or a class ({@code C:}); monitors and java.util.concurrent locks
 * (read/write mode from readLock()/writeLock()); a method starts with the locks held at all of
 * its call sites. No points-to here, so no "allocated once" locks.
 */
final class SootLocks {
    private final SootProgram p;
    private final SootThreads threads;
    private final Map<MethodSignature, Map<Local, String>> memo = new HashMap<>();
    private final Map<MethodSignature, Set<LockId>> entry = new HashMap<>();
    private final Map<MethodSignature, Map<Stmt, Set<LockId>>> at = new HashMap<>();

    SootLocks(SootProgram p, SootThreads threads) {
        this.p = p;
        this.threads = threads;
    }

    String path(SootMethod m, Value v) {
        if (!(v instanceof Local l)) {
            return v instanceof StringConstant s ? "K:" + s.getValue() : "V!" + v;
        }
        Map<Local, String> mm = memo.computeIfAbsent(m.getSignature(), x -> new HashMap<>());
        String s = mm.get(l);
        if (s == null) {
            mm.put(l, "V~" + l.getName()); // cycle guard
            s = compute(m, l);
            mm.put(l, s);
        }
        return s;
    }

    private String compute(SootMethod m, Local l) {
        Collection<Stmt> defs = p.defsOf(m, l);
        if (defs.size() != 1) {
            return "V~" + l.getName();
        }
        Stmt d = defs.iterator().next();
        if (d instanceof JIdentityStmt id) {
            if (id.getRightOp() instanceof JThisRef) {
                return "V#0";
            }
            if (id.getRightOp() instanceof JParameterRef pr) {
                return "V#" + (pr.getIndex() + 1);
            }
        } else if (d instanceof JAssignStmt a) {
            Value r = a.getRightOp();
            if (r instanceof Local src) {
                return path(m, src);
            }
            if (r instanceof JCastExpr c) {
                return path(m, c.getOp());
            }
            if (r instanceof JInstanceFieldRef f && isFinal(f)) {
                return path(m, f.getBase()) + "." + fieldName(f);
            }
            if (r instanceof JStaticFieldRef f && isFinal(f)) {
                return "S:" + fieldName(f);
            }
            if (r instanceof ClassConstant c) {
                return "C:" + c.getValue();
            }
            if (r instanceof StringConstant s) {
                return "K:" + s.getValue();
            }
        }
        return "V~" + l.getName();
    }

    private boolean isFinal(sootup.core.jimple.common.ref.JFieldRef f) {
        return p.field(f.getFieldSignature()).map(SootField::isFinal).orElse(false);
    }

    private String fieldName(sootup.core.jimple.common.ref.JFieldRef f) {
        Optional<SootField> sf = p.field(f.getFieldSignature());
        String owner = sf.map(x -> x.getDeclaringClassType()).orElse(f.getFieldSignature().getDeclClassType())
                .getFullyQualifiedName().replace('.', '/');
        return owner + "." + f.getFieldSignature().getName();
    }

    Set<LockId> at(SootMethod m, Stmt s) {
        Map<Stmt, Set<LockId>> mm = at.get(m.getSignature());
        Set<LockId> h = mm == null ? null : mm.get(s);
        return h == null ? Set.of() : h;
    }

    void run(Collection<MethodSignature> appMethods, Set<MethodSignature> roots) {
        Deque<MethodSignature> todo = new ArrayDeque<>(appMethods);
        Set<MethodSignature> scope = new HashSet<>(appMethods);
        while (!todo.isEmpty()) {
            MethodSignature sig = todo.poll();
            SootMethod m = p.appBody(sig).orElse(null);
            if (m == null) {
                continue;
            }
            Set<LockId> e = computeEntry(m, roots.contains(sig));
            if (e == null || (at.containsKey(sig) && e.equals(entry.get(sig)))) {
                continue;
            }
            entry.put(sig, e);
            at.put(sig, flow(m, e));
            for (CallGraph.Call c : p.cg.callsFrom(sig)) {
                if (scope.contains(c.targetMethodSignature()) && !todo.contains(c.targetMethodSignature())) {
                    todo.add(c.targetMethodSignature());
                }
            }
        }
    }

    private Set<LockId> computeEntry(SootMethod m, boolean root) {
        Set<LockId> e = root ? new HashSet<>() : null;
        for (CallGraph.Call c : p.cg.callsTo(m.getSignature())) {
            if (threads.spawnKind(c.invokableStmt()) != 0) {
                continue;
            }
            Optional<SootMethod> caller = p.appBody(c.sourceMethodSignature());
            if (caller.isEmpty()) {
                e = new HashSet<>();
                break;
            }
            if (!at.containsKey(c.sourceMethodSignature())) {
                continue;
            }
            Set<LockId> t = translate(caller.get(), c.invokableStmt(), at(caller.get(), c.invokableStmt()));
            if (e == null) {
                e = new HashSet<>(t);
            } else {
                e.retainAll(t);
            }
        }
        if (e == null) {
            return null;
        }
        if (m.isSynchronized()) {
            e.add(new LockId(m.isStatic() ? "C:" + SootProgram.internalName(m.getDeclaringClassType()) : "V#0", false));
        }
        return Set.copyOf(e);
    }

    private Set<LockId> translate(SootMethod caller, Stmt call, Set<LockId> held) {
        Set<LockId> out = new HashSet<>();
        AbstractInvokeExpr e = call.asInvokableStmt().getInvokeExpr().orElse(null);
        if (e == null) {
            return out;
        }
        List<Value> args = new java.util.ArrayList<>();
        args.add(e instanceof AbstractInstanceInvokeExpr ie ? ie.getBase() : null);
        args.addAll(e.getArgs());
        for (LockId l : held) {
            if (l.global()) {
                out.add(l);
                continue;
            }
            for (int i = 0; i < args.size(); i++) {
                if (args.get(i) == null) {
                    continue;
                }
                String pu = path(caller, args.get(i));
                if (l.path().equals(pu)) {
                    out.add(l.at("V#" + i));
                } else if (l.path().startsWith(pu + ".")) {
                    out.add(l.at("V#" + i + l.path().substring(pu.length())));
                }
            }
        }
        return out;
    }

    private Map<Stmt, Set<LockId>> flow(SootMethod m, Set<LockId> entrySet) {
        Map<Stmt, Set<LockId>> in = new IdentityHashMap<>();
        Map<Stmt, Set<LockId>> out = new IdentityHashMap<>();
        Stmt start = m.getBody().getControlFlowGraph().getStartingStmt();
        Deque<Stmt> todo = new ArrayDeque<>(List.of(start));
        while (!todo.isEmpty()) {
            Stmt s = todo.poll();
            Set<LockId> h = s == start ? entrySet : null;
            for (Stmt pr : p.preds(m, s)) {
                Set<LockId> po = out.get(pr);
                if (po != null) {
                    if (h == null) {
                        h = po;
                    } else if (!h.equals(po)) {
                        Set<LockId> t = new LinkedHashSet<>(h);
                        t.retainAll(po);
                        h = Set.copyOf(t);
                    }
                }
            }
            if (h == null) {
                continue;
            }
            in.put(s, h);
            Set<LockId> o = transfer(m, s, h);
            if (!o.equals(out.get(s))) {
                out.put(s, o);
                todo.addAll(p.succs(m, s));
            }
        }
        return in;
    }

    private Set<LockId> transfer(SootMethod m, Stmt s, Set<LockId> h) {
        Boolean acquire = null;
        Set<LockId> locks = null;
        if (s instanceof JEnterMonitorStmt en) {
            acquire = true;
            locks = Set.of(new LockId(path(m, en.getOp()), false));
        } else if (s instanceof JExitMonitorStmt ex) {
            acquire = false;
            locks = Set.of(new LockId(path(m, ex.getOp()), false));
        } else if (s.isInvokableStmt() && s.asInvokableStmt().getInvokeExpr().orElse(null) instanceof AbstractInstanceInvokeExpr ie) {
            MethodSignature sig = ie.getMethodSignature();
            String cls = sig.getDeclClassType().getFullyQualifiedName();
            String name = sig.getName();
            if (cls.startsWith("java.util.concurrent.locks.") && sig.getParameterCount() == 0
                    && (name.equals("lock") || name.equals("lockInterruptibly") || name.equals("unlock"))) {
                acquire = !name.equals("unlock");
                locks = Set.of(lockOf(m, ie.getBase(), cls.endsWith("$ReadLock")));
            }
        }
        if (acquire == null) {
            return h;
        }
        Set<LockId> t = new LinkedHashSet<>(h);
        if (acquire) {
            t.addAll(locks);
        } else if (!t.removeAll(locks)) {
            t.clear();
        }
        return Set.copyOf(t);
    }

    /** A Lock value: {@code rw.readLock()} / {@code rw.writeLock()} name rw's path with a mode; never the value's monitor. */
    private LockId lockOf(SootMethod m, Local l, boolean readLockType) {
        Collection<Stmt> defs = p.defsOf(m, l);
        if (defs.size() == 1 && defs.iterator().next() instanceof JAssignStmt a
                && a.getRightOp() instanceof AbstractInstanceInvokeExpr get
                && get.getMethodSignature().getParameterCount() == 0
                && (get.getMethodSignature().getName().equals("readLock") || get.getMethodSignature().getName().equals("writeLock"))) {
            return new LockId(path(m, get.getBase()), get.getMethodSignature().getName().equals("readLock"), true);
        }
        return new LockId(path(m, l), readLockType, true);
    }
}
