package racepipe.pipeline.tests;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.AnnotationVisitor;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * The static engine's view of a test suite: one generated class whose {@code main} calls every
 * test method directly, each in its JUnit lifecycle ({@code @BeforeAll}, a new instance,
 * {@code @BeforeEach}, the test, {@code @AfterEach}, {@code @AfterAll}; JUnit 4's
 * {@code @BeforeClass}/{@code @Before}/...), so the call graph has every test method as an entry
 * and the tests' threads as its threads. Never run (the dynamic phases run the tests through the
 * JUnit Platform): package-private tests are called from another package and parameters are
 * their types' zero values, which only a verifier would mind. Read from the class files, so
 * racepipe loads none of the project's classes.
 */
public final class StaticEntries {
    public static final String NAME = "racepipe.tests.StaticEntries";

    static final Set<String> TESTS = Set.of("Lorg/junit/jupiter/api/Test;", "Lorg/junit/Test;",
            "Lorg/junit/jupiter/params/ParameterizedTest;", "Lorg/junit/jupiter/api/RepeatedTest;",
            "Lorg/junit/jupiter/api/TestFactory;", "Lorg/junit/jupiter/api/TestTemplate;");
    static final Set<String> BEFORE_ALL = Set.of("Lorg/junit/jupiter/api/BeforeAll;", "Lorg/junit/BeforeClass;");
    static final Set<String> BEFORE_EACH = Set.of("Lorg/junit/jupiter/api/BeforeEach;", "Lorg/junit/Before;");
    static final Set<String> AFTER_EACH = Set.of("Lorg/junit/jupiter/api/AfterEach;", "Lorg/junit/After;");
    static final Set<String> AFTER_ALL = Set.of("Lorg/junit/jupiter/api/AfterAll;", "Lorg/junit/AfterClass;");

    private StaticEntries() {
    }

    /** A method of a class file: name, descriptor, static, and its JUnit annotations. */
    record Member(String owner, String name, String desc, boolean isStatic, List<String> annotations) {
        boolean has(Set<String> kinds) {
            return annotations.stream().anyMatch(kinds::contains);
        }
    }

    /** What the generator needs of a class file. */
    record Info(String name, String superName, boolean isAbstract, boolean isInterface, boolean noArgConstructor,
                String outer, List<Member> methods) {
        /** A non-static inner class (JUnit 5's @Nested), constructed with an instance of {@code outer}. */
        boolean inner() {
            return outer != null;
        }
    }

    static Info read(byte[] bytes) {
        List<Member> methods = new ArrayList<>();
        String[] outer = {null};
        boolean[] noArg = {false};
        ClassReader cr = new ClassReader(bytes);
        cr.accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public void visitInnerClass(String name, String outerName, String innerName, int access) {
                if (name.equals(cr.getClassName()) && outerName != null && (access & Opcodes.ACC_STATIC) == 0) {
                    outer[0] = outerName;
                }
            }

            @Override
            public MethodVisitor visitMethod(int access, String name, String desc, String sig, String[] ex) {
                if (name.equals("<init>")) {
                    if (desc.equals("()V") || (outer[0] != null && desc.equals("(L" + outer[0] + ";)V"))) {
                        noArg[0] = true;
                    }
                    return null;
                }
                if ((access & Opcodes.ACC_SYNTHETIC) != 0 || (access & Opcodes.ACC_ABSTRACT) != 0) {
                    return null;
                }
                List<String> ann = new ArrayList<>();
                methods.add(new Member(cr.getClassName(), name, desc, (access & Opcodes.ACC_STATIC) != 0, ann));
                return new MethodVisitor(Opcodes.ASM9) {
                    @Override
                    public AnnotationVisitor visitAnnotation(String d, boolean visible) {
                        ann.add(d);
                        return null;
                    }
                };
            }
        }, ClassReader.SKIP_CODE | ClassReader.SKIP_FRAMES | ClassReader.SKIP_DEBUG);
        int access = cr.getAccess();
        return new Info(cr.getClassName(), cr.getSuperName(), (access & Opcodes.ACC_ABSTRACT) != 0,
                (access & Opcodes.ACC_INTERFACE) != 0, noArg[0], outer[0], methods);
    }

    /** The test methods of {@code c}, its superclasses' among the given classes included (overrides once). */
    static List<Member> tests(Info c, Map<String, Info> all) {
        return collect(c, all, TESTS, false, true);
    }

    private static List<Member> collect(Info c, Map<String, Info> all, Set<String> kinds, boolean isStatic, boolean superFirst) {
        List<Info> chain = new ArrayList<>();
        for (Info i = c; i != null; i = all.get(i.superName())) {
            chain.add(superFirst ? 0 : chain.size(), i);
        }
        Map<String, Member> out = new LinkedHashMap<>();
        for (Info i : chain) {
            for (Member m : i.methods()) {
                if (m.has(kinds) && m.isStatic() == isStatic) {
                    out.putIfAbsent(isStatic ? m.owner() + "." + m.name() + m.desc() : m.name() + m.desc(), m);
                }
            }
        }
        return new ArrayList<>(out.values());
    }

    /** The class file of {@link #NAME}: main calls one static method per test class. */
    public static byte[] generate(Map<String, Info> all, List<String> testClasses) {
        String self = NAME.replace('.', '/');
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS) {
            @Override
            protected String getCommonSuperClass(String a, String b) {
                return "java/lang/Object";
            }
        };
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_FINAL | Opcodes.ACC_SUPER, self, null, "java/lang/Object", null);
        MethodVisitor main = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "main", "([Ljava/lang/String;)V", null,
                new String[] {"java/lang/Throwable"});
        main.visitCode();
        int n = 0;
        for (String name : testClasses) {
            Info c = all.get(name);
            if (c == null || c.isAbstract() || c.isInterface() || !c.noArgConstructor() || tests(c, all).isEmpty()) {
                continue;
            }
            String method = "c" + n++;
            body(cw.visitMethod(Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC, method, "()V", null, new String[] {"java/lang/Throwable"}),
                    c, all);
            main.visitMethodInsn(Opcodes.INVOKESTATIC, self, method, "()V", false);
        }
        main.visitInsn(Opcodes.RETURN);
        main.visitMaxs(0, 0);
        main.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    private static void body(MethodVisitor mv, Info c, Map<String, Info> all) {
        mv.visitCode();
        for (Member m : collect(c, all, BEFORE_ALL, true, true)) {
            call(mv, m, Opcodes.INVOKESTATIC, m.owner());
        }
        for (Member t : tests(c, all)) {
            construct(mv, c, all, 0);
            mv.visitVarInsn(Opcodes.ASTORE, 0);
            for (Member m : collect(c, all, BEFORE_EACH, false, true)) {
                mv.visitVarInsn(Opcodes.ALOAD, 0);
                call(mv, m, Opcodes.INVOKEVIRTUAL, c.name());
            }
            mv.visitVarInsn(Opcodes.ALOAD, 0);
            call(mv, t, t.isStatic() ? Opcodes.INVOKESTATIC : Opcodes.INVOKEVIRTUAL, t.isStatic() ? t.owner() : c.name());
            for (Member m : collect(c, all, AFTER_EACH, false, false)) {
                mv.visitVarInsn(Opcodes.ALOAD, 0);
                call(mv, m, Opcodes.INVOKEVIRTUAL, c.name());
            }
        }
        for (Member m : collect(c, all, AFTER_ALL, true, false)) {
            call(mv, m, Opcodes.INVOKESTATIC, m.owner());
        }
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    /** {@code new C()}, or for a @Nested class {@code new C(new Outer())}, recursively. */
    private static void construct(MethodVisitor mv, Info c, Map<String, Info> all, int depth) {
        mv.visitTypeInsn(Opcodes.NEW, c.name());
        mv.visitInsn(Opcodes.DUP);
        Info outer = c.inner() ? all.get(c.outer()) : null;
        if (c.inner() && outer != null && depth < 8) {
            construct(mv, outer, all, depth + 1);
            mv.visitMethodInsn(Opcodes.INVOKESPECIAL, c.name(), "<init>", "(L" + c.outer() + ";)V", false);
        } else if (c.inner()) {
            mv.visitInsn(Opcodes.ACONST_NULL);
            mv.visitMethodInsn(Opcodes.INVOKESPECIAL, c.name(), "<init>", "(L" + c.outer() + ";)V", false);
        } else {
            mv.visitMethodInsn(Opcodes.INVOKESPECIAL, c.name(), "<init>", "()V", false);
        }
    }

    /** The call with zero values for its parameters; a static call drops the receiver loaded before it. */
    private static void call(MethodVisitor mv, Member m, int op, String owner) {
        if (op == Opcodes.INVOKESTATIC && !m.isStatic()) {
            throw new IllegalArgumentException(m.toString());
        }
        for (Type p : Type.getArgumentTypes(m.desc())) {
            switch (p.getSort()) {
                case Type.LONG -> mv.visitInsn(Opcodes.LCONST_0);
                case Type.FLOAT -> mv.visitInsn(Opcodes.FCONST_0);
                case Type.DOUBLE -> mv.visitInsn(Opcodes.DCONST_0);
                case Type.OBJECT, Type.ARRAY -> mv.visitInsn(Opcodes.ACONST_NULL);
                default -> mv.visitInsn(Opcodes.ICONST_0);
            }
        }
        mv.visitMethodInsn(op, owner, m.name(), m.desc(), false);
        Type r = Type.getReturnType(m.desc());
        if (r.getSize() == 2) {
            mv.visitInsn(Opcodes.POP2);
        } else if (r.getSize() == 1) {
            mv.visitInsn(Opcodes.POP);
        }
    }
}
