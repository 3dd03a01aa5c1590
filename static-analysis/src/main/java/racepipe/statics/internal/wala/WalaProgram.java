package racepipe.statics.internal.wala;

import com.ibm.wala.classLoader.IClass;
import com.ibm.wala.classLoader.IField;
import com.ibm.wala.classLoader.IMethod;
import com.ibm.wala.ipa.callgraph.CGNode;
import com.ibm.wala.ipa.callgraph.CallGraph;
import com.ibm.wala.ipa.callgraph.propagation.AllocationSiteInNode;
import com.ibm.wala.ipa.callgraph.propagation.HeapModel;
import com.ibm.wala.ipa.callgraph.propagation.InstanceKey;
import com.ibm.wala.ipa.callgraph.propagation.PointerAnalysis;
import com.ibm.wala.ipa.cha.IClassHierarchy;
import com.ibm.wala.types.ClassLoaderReference;
import com.ibm.wala.types.FieldReference;
import com.ibm.wala.types.TypeReference;
import com.ibm.wala.util.intset.OrdinalSet;
import java.util.Set;

/** The built WALA program (class hierarchy, call graph, points-to) and small lookups on it. */
final class WalaProgram {
    final IClassHierarchy cha;
    final CallGraph cg;
    final PointerAnalysis<InstanceKey> pa;
    final HeapModel heap;
    /** Internal names of the dependencies' classes (DependencyClasses): in the Application loader, but library code. */
    private final Set<String> dependencies;
    private final java.util.Map<String, Boolean> intoDependency = new java.util.HashMap<>();

    WalaProgram(IClassHierarchy cha, CallGraph cg, PointerAnalysis<InstanceKey> pa) {
        this(cha, cg, pa, Set.of());
    }

    WalaProgram(IClassHierarchy cha, CallGraph cg, PointerAnalysis<InstanceKey> pa, Set<String> dependencies) {
        this.cha = cha;
        this.cg = cg;
        this.pa = pa;
        this.heap = pa.getHeapModel();
        this.dependencies = dependencies;
    }

    /** Loaded from the program's paths: the application's classes and its dependencies'. */
    static boolean isApp(IClass c) {
        return c.getClassLoader().getReference().equals(ClassLoaderReference.Application);
    }

    static boolean isApp(CGNode n) {
        return isApp(n.getMethod().getDeclaringClass());
    }

    /** A dependency's class: library code, whose accesses count at the application's calls into it. */
    boolean isDependency(IClass c) {
        return !dependencies.isEmpty() && isApp(c) && dependencies.contains(internalName(c.getReference()));
    }

    /** The application's own code: loaded from the program's paths, not from a dependency. */
    boolean isOwn(CGNode n) {
        return isApp(n) && !isDependency(n.getMethod().getDeclaringClass());
    }

    /**
     * A call on this declared owner (internal name) may run a dependency's method: the owner is a
     * dependency's class, or an application class that extends or implements one. The agent
     * brackets exactly these calls (ClassHierarchy.leadsIntoDependency).
     */
    boolean leadsIntoDependency(String internalName) {
        if (dependencies.isEmpty()) {
            return false;
        }
        return intoDependency.computeIfAbsent(internalName, this::inheritsDependency);
    }

    private boolean inheritsDependency(String internalName) {
        IClass c = cha.lookupClass(TypeReference.findOrCreate(ClassLoaderReference.Application, "L" + internalName));
        if (c == null || !isApp(c)) {
            return false;
        }
        for (IClass k = c; k != null && isApp(k); k = k.getSuperclass()) {
            if (isDependency(k)) {
                return true;
            }
        }
        for (IClass i : c.getAllImplementedInterfaces()) {
            if (isDependency(i)) {
                return true;
            }
        }
        return false;
    }

    OrdinalSet<InstanceKey> pts(CGNode n, int valueNumber) {
        return pa.getPointsToSet(heap.getPointerKeyForLocal(n, valueNumber));
    }

    int index(InstanceKey ik) {
        return pa.getInstanceKeyMapping().getMappedIndex(ik);
    }

    IField field(FieldReference f) {
        return cha.resolveField(f);
    }

    /** A dotted Java name: {@code int}, {@code java.lang.String[]}. */
    static String javaName(TypeReference t) {
        if (t.isArrayType()) {
            return javaName(t.getArrayElementType()) + "[]";
        }
        if (t.isPrimitiveType()) {
            return switch (t.getName().toString()) {
                case "Z" -> "boolean";
                case "B" -> "byte";
                case "C" -> "char";
                case "S" -> "short";
                case "I" -> "int";
                case "J" -> "long";
                case "F" -> "float";
                case "D" -> "double";
                default -> "void";
            };
        }
        return internalName(t).replace('/', '.');
    }

    static String internalName(TypeReference t) {
        String n = t.getName().toString();
        return n.startsWith("L") ? n.substring(1) : n;
    }

    static String shortMethod(IMethod m) {
        String c = internalName(m.getDeclaringClass().getReference());
        return c.substring(c.lastIndexOf('/') + 1) + "." + m.getName();
    }

    /** A short name of an abstract object for evidence: {@code new LogService @Main.main:83}. */
    String objectName(InstanceKey ik) {
        String type = ik.getConcreteType() == null ? "?" : javaName(ik.getConcreteType().getReference());
        type = type.substring(type.lastIndexOf('.') + 1);
        if (ik instanceof AllocationSiteInNode a) {
            IMethod m = a.getNode().getMethod();
            int line = -1;
            if (m instanceof com.ibm.wala.classLoader.IBytecodeMethod<?>) {
                line = m.getLineNumber(a.getSite().getProgramCounter());
            }
            return "new " + type + " @" + shortMethod(m) + (line > 0 ? ":" + line : "");
        }
        return type;
    }
}
