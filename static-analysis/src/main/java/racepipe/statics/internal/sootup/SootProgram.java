package racepipe.statics.internal.sootup;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import sootup.callgraph.CallGraph;
import sootup.core.jimple.common.LValue;
import sootup.core.jimple.common.Local;
import sootup.core.jimple.common.stmt.Stmt;
import sootup.core.model.SootField;
import sootup.core.model.SootMethod;
import sootup.core.signatures.FieldSignature;
import sootup.core.signatures.MethodSignature;
import sootup.core.types.ArrayType;
import sootup.core.types.ClassType;
import sootup.core.types.PrimitiveType;
import sootup.core.types.Type;
import sootup.java.core.JavaSootClass;
import sootup.java.core.views.JavaView;

/** The SootUp view and call graph, with per-method caches (statements, defs, loops). */
final class SootProgram {
    final JavaView view;
    CallGraph cg;
    private final Map<MethodSignature, Optional<SootMethod>> methods = new HashMap<>();
    private final Map<MethodSignature, Map<LValue, Collection<Stmt>>> defs = new HashMap<>();
    private final Map<MethodSignature, Map<Stmt, Integer>> index = new HashMap<>();
    private final Map<MethodSignature, java.util.BitSet> loops = new HashMap<>();

    SootProgram(JavaView view) {
        this.view = view;
    }

    Optional<SootMethod> method(MethodSignature sig) {
        return methods.computeIfAbsent(sig, s -> view.getMethod(s).map(m -> (SootMethod) m));
    }

    boolean isApp(MethodSignature sig) {
        return view.getClass(sig.getDeclClassType()).map(JavaSootClass::isApplicationClass).orElse(false);
    }

    Optional<SootMethod> appBody(MethodSignature sig) {
        return isApp(sig) ? method(sig).filter(SootMethod::hasBody) : Optional.empty();
    }

    List<Stmt> stmts(SootMethod m) {
        return m.getBody().getStmts();
    }

    Collection<Stmt> defsOf(SootMethod m, Local l) {
        return defs.computeIfAbsent(m.getSignature(), s -> sootup.core.model.Body.collectDefs(stmts(m)))
                .getOrDefault(l, List.of());
    }

    /** Statement indices in Body.getStmts order. */
    Map<Stmt, Integer> index(SootMethod m) {
        return index.computeIfAbsent(m.getSignature(), s -> {
            Map<Stmt, Integer> out = new HashMap<>();
            List<Stmt> st = stmts(m);
            for (int i = 0; i < st.size(); i++) {
                out.putIfAbsent(st.get(i), i);
            }
            return out;
        });
    }

    List<Stmt> succs(SootMethod m, Stmt s) {
        return m.getBody().getControlFlowGraph().getAllSuccessors(s);
    }

    List<Stmt> preds(SootMethod m, Stmt s) {
        var g = m.getBody().getControlFlowGraph();
        List<Stmt> out = new ArrayList<>(g.predecessors(s));
        out.addAll(g.exceptionalPredecessors(s));
        return out;
    }

    boolean inLoop(SootMethod m, Stmt s) {
        java.util.BitSet l = loops.computeIfAbsent(m.getSignature(), sig -> {
            List<Stmt> st = stmts(m);
            Map<Stmt, Integer> ix = index(m);
            return racepipe.statics.internal.LoopNodes.of(st.size(),
                    i -> succs(m, st.get(i)).stream().mapToInt(x -> ix.getOrDefault(x, 0)).toArray());
        });
        Integer i = index(m).get(s);
        return i == null || l.get(i);
    }

    /** The field itself, looked up from the referenced class up through its superclasses. */
    Optional<SootField> field(FieldSignature f) {
        ClassType c = f.getDeclClassType();
        for (int depth = 0; c != null && depth < 20; depth++) {
            Optional<JavaSootClass> k = view.getClass(c);
            if (k.isEmpty()) {
                return Optional.empty();
            }
            Optional<? extends SootField> sf = k.get().getField(f.getName());
            if (sf.isPresent()) {
                return Optional.of(sf.get());
            }
            c = k.get().getSuperclass().orElse(null);
        }
        return Optional.empty();
    }

    static String internalName(ClassType t) {
        return t.getFullyQualifiedName().replace('.', '/');
    }

    static String descriptor(MethodSignature sig) {
        StringBuilder b = new StringBuilder("(");
        sig.getParameterTypes().forEach(t -> b.append(desc(t)));
        return b.append(')').append(desc(sig.getType())).toString();
    }

    static String desc(Type t) {
        if (t instanceof ArrayType a) {
            return "[".repeat(a.getDimension()) + desc(a.getBaseType());
        }
        if (t instanceof ClassType c) {
            return "L" + internalName(c) + ";";
        }
        return switch (t.toString()) {
            case "boolean" -> "Z";
            case "byte" -> "B";
            case "char" -> "C";
            case "short" -> "S";
            case "int" -> "I";
            case "long" -> "J";
            case "float" -> "F";
            case "double" -> "D";
            default -> "V";
        };
    }

    static boolean isPrimitive(Type t) {
        return t instanceof PrimitiveType;
    }
}
