package racepipe.dynamic.agent;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.Opcodes;

/**
 * What instrumentation needs to know about other classes (a field's declaring class and flags,
 * subtype tests), read from their class files through the loader without loading them.
 */
final class ClassHierarchy {
    /** The parts of one class file that matter here. */
    private record Info(String superName, List<String> interfaces, Map<String, Integer> fields, Map<String, Integer> methods) {
    }

    /** A resolved field: the class that declares it and its access flags. */
    record FieldRef(String owner, int access) {
        boolean isFinal() {
            return (access & Opcodes.ACC_FINAL) != 0;
        }

        boolean isVolatile() {
            return (access & Opcodes.ACC_VOLATILE) != 0;
        }
    }

    private static final Info MISSING = new Info(null, List.of(), Map.of(), Map.of());
    private final ClassLoader loader;
    private final Dependencies deps;
    private final Map<String, Info> cache = new ConcurrentHashMap<>();
    private final Map<String, Boolean> intoDependency = new ConcurrentHashMap<>();

    ClassHierarchy(ClassLoader loader) {
        this(loader, Dependencies.NONE);
    }

    ClassHierarchy(ClassLoader loader, Dependencies deps) {
        this.loader = loader;
        this.deps = deps;
    }

    private Info info(String internalName) {
        return cache.computeIfAbsent(internalName, this::read);
    }

    private Info read(String name) {
        String res = name + ".class";
        try (InputStream in = loader != null ? loader.getResourceAsStream(res) : ClassLoader.getSystemResourceAsStream(res)) {
            if (in == null) {
                return MISSING;
            }
            ClassReader cr = new ClassReader(in);
            Map<String, Integer> fields = new ConcurrentHashMap<>();
            Map<String, Integer> methods = new ConcurrentHashMap<>();
            cr.accept(new ClassVisitor(Opcodes.ASM9) {
                @Override
                public FieldVisitor visitField(int access, String fname, String desc, String sig, Object value) {
                    fields.put(fname, access);
                    return null;
                }

                @Override
                public org.objectweb.asm.MethodVisitor visitMethod(int access, String mname, String desc, String sig,
                                                                   String[] exceptions) {
                    methods.put(mname + desc, access);
                    return null;
                }
            }, ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
            return new Info(cr.getSuperName(), List.of(cr.getInterfaces()), fields, methods);
        } catch (IOException | RuntimeException e) {
            return MISSING;
        }
    }

    /** Resolves a field reference as the JVM does: the class, its interfaces, then its superclasses. */
    FieldRef field(String owner, String name) {
        for (String c = owner; c != null; c = info(c).superName) {
            Info i = info(c);
            Integer acc = i.fields.get(name);
            if (acc != null) {
                return new FieldRef(c, acc);
            }
            FieldRef viaInterface = interfaceField(i.interfaces, name);
            if (viaInterface != null) {
                return viaInterface;
            }
        }
        return new FieldRef(owner, 0);
    }

    /**
     * The class whose method {@code name desc}, as a call on {@code owner} resolves it through the
     * superclasses, is synchronized; null when it is not (or is not found). Overriding in a
     * subclass of {@code owner} is not seen: the atomic-block rule only needs a likely answer.
     */
    String synchronizedDeclarer(String owner, String name, String desc) {
        for (String c = owner; c != null; c = info(c).superName) {
            Integer acc = info(c).methods.get(name + desc);
            if (acc != null) {
                return (acc & Opcodes.ACC_SYNCHRONIZED) != 0 ? c : null;
            }
        }
        return null;
    }

    private FieldRef interfaceField(List<String> interfaces, String name) {
        for (String itf : interfaces) {
            Info i = info(itf);
            Integer acc = i.fields.get(name);
            if (acc != null) {
                return new FieldRef(itf, acc);
            }
            FieldRef deeper = interfaceField(i.interfaces, name);
            if (deeper != null) {
                return deeper;
            }
        }
        return null;
    }

    /** The class file of this class is in one of the program's dependencies (never a JDK class). */
    boolean isDependency(String internalName) {
        if (!deps.any() || !Transformer.isApplicationClass(internalName)) {
            return false;
        }
        String res = internalName + ".class";
        return deps.contains(loader != null ? loader.getResource(res) : ClassLoader.getSystemResource(res));
    }

    /**
     * A call on this declared owner may run a dependency's method: the owner is a dependency's
     * class, or an application class that extends or implements one (an inherited method).
     */
    boolean leadsIntoDependency(String owner) {
        if (!deps.any() || !Transformer.isApplicationClass(owner)) {
            return false;
        }
        Boolean known = intoDependency.get(owner);
        if (known == null) {
            known = false;
            List<String> todo = new ArrayList<>(List.of(owner));
            for (int k = 0; k < todo.size() && k < 256 && !known; k++) {
                String c = todo.get(k);
                if (!Transformer.isApplicationClass(c)) {
                    continue; // the JDK's supertypes lead nowhere new
                }
                known = isDependency(c);
                Info i = info(c);
                if (i.superName != null) {
                    todo.add(i.superName);
                }
                todo.addAll(i.interfaces);
            }
            intoDependency.put(owner, known);
        }
        return known;
    }

    /** True when {@code type} is {@code target} or extends or implements it. */
    boolean isSubtype(String type, String target) {
        List<String> todo = new ArrayList<>(List.of(type));
        for (int k = 0; k < todo.size() && k < 256; k++) {
            String c = todo.get(k);
            if (c.equals(target)) {
                return true;
            }
            Info i = info(c);
            if (i.superName != null) {
                todo.add(i.superName);
            }
            todo.addAll(i.interfaces);
        }
        return false;
    }
}
