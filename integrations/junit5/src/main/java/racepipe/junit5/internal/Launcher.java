package racepipe.junit5.internal;

import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * The program analyze runs for a @RaceTest: a class beside the test class (same package, so a
 * package-private test is reachable) whose {@code main} calls the test method directly, so that
 * the static engine's call graph reaches the body:
 * {@code Probe.started(args, T.class); beforeAll; t = new T(); beforeEach; try { t.m(); afterEach; afterAll }
 * finally { Probe.finished(args) }}.
 */
public final class Launcher {
    private static final String PROBE = "racepipe/junit5/Probe";

    private Launcher() {
    }

    /** The launcher's class name for {@code test.method}: {@code pkg.Test$$RaceTest$method}. */
    public static String name(Class<?> test, Method method) {
        return test.getName() + "$$RaceTest$" + method.getName();
    }

    /** Why this test cannot be run as a program, or null. */
    public static String unsupported(Class<?> test, Method method) {
        if (method.getParameterCount() > 0) {
            return "a @RaceTest method takes no parameters (" + method.getName() + " has " + method.getParameterCount() + ")";
        }
        if (Modifier.isStatic(method.getModifiers()) || Modifier.isPrivate(method.getModifiers())) {
            return "a @RaceTest method is neither static nor private";
        }
        if (test.getEnclosingClass() != null && !Modifier.isStatic(test.getModifiers())) {
            return "a @RaceTest cannot be in an inner (@Nested) class: racepipe creates the test instance alone";
        }
        try {
            Constructor<?> c = test.getDeclaredConstructor();
            if (Modifier.isPrivate(c.getModifiers())) {
                return test.getSimpleName() + "'s constructor is private";
            }
        } catch (NoSuchMethodException e) {
            return test.getSimpleName() + " needs a constructor without parameters for @RaceTest";
        }
        return null;
    }

    /** The launcher's class file. */
    public static byte[] generate(Class<?> test, Method method) {
        String self = name(test, method).replace('.', '/');
        String t = Type.getInternalName(test);
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS) {
            @Override
            protected String getCommonSuperClass(String a, String b) {
                return "java/lang/Object";
            }
        };
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_FINAL | Opcodes.ACC_SUPER, self, null, "java/lang/Object", null);
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "main", "([Ljava/lang/String;)V", null,
                new String[] {"java/lang/Throwable"});
        mv.visitCode();
        Label start = new Label();
        Label end = new Label();
        Label handler = new Label();
        mv.visitTryCatchBlock(start, end, handler, null);
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitLdcInsn(Type.getObjectType(t));
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, PROBE, "started", "([Ljava/lang/String;Ljava/lang/Class;)V", false);
        mv.visitLabel(start);
        for (Method m : lifecycle(test, BeforeAll.class, true, true)) {
            call(mv, m, true);
        }
        mv.visitTypeInsn(Opcodes.NEW, t);
        mv.visitInsn(Opcodes.DUP);
        mv.visitMethodInsn(Opcodes.INVOKESPECIAL, t, "<init>", "()V", false);
        mv.visitVarInsn(Opcodes.ASTORE, 1);
        for (Method m : lifecycle(test, BeforeEach.class, false, true)) {
            mv.visitVarInsn(Opcodes.ALOAD, 1);
            call(mv, m, false);
        }
        mv.visitVarInsn(Opcodes.ALOAD, 1);
        call(mv, method, false);
        for (Method m : lifecycle(test, AfterEach.class, false, false)) {
            mv.visitVarInsn(Opcodes.ALOAD, 1);
            call(mv, m, false);
        }
        for (Method m : lifecycle(test, AfterAll.class, true, false)) {
            call(mv, m, true);
        }
        mv.visitLabel(end);
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, PROBE, "finished", "([Ljava/lang/String;)V", false);
        mv.visitInsn(Opcodes.RETURN);
        mv.visitLabel(handler);
        mv.visitVarInsn(Opcodes.ASTORE, 2);
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, PROBE, "finished", "([Ljava/lang/String;)V", false);
        mv.visitVarInsn(Opcodes.ALOAD, 2);
        mv.visitInsn(Opcodes.ATHROW);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    private static void call(MethodVisitor mv, Method m, boolean isStatic) {
        String owner = Type.getInternalName(m.getDeclaringClass());
        boolean itf = m.getDeclaringClass().isInterface();
        int op = isStatic ? Opcodes.INVOKESTATIC : itf ? Opcodes.INVOKEINTERFACE : Opcodes.INVOKEVIRTUAL;
        mv.visitMethodInsn(op, owner, m.getName(), Type.getMethodDescriptor(m), itf);
        if (m.getReturnType() != void.class) {
            mv.visitInsn(m.getReturnType() == long.class || m.getReturnType() == double.class ? Opcodes.POP2 : Opcodes.POP);
        }
    }

    /**
     * The lifecycle methods JUnit would call, without parameters and reachable from the test's
     * package: superclasses' first for before, last for after.
     */
    static List<Method> lifecycle(Class<?> test, Class<? extends java.lang.annotation.Annotation> kind, boolean isStatic,
                                  boolean superFirst) {
        List<Class<?>> chain = new ArrayList<>();
        for (Class<?> c = test; c != null && c != Object.class; c = c.getSuperclass()) {
            chain.add(superFirst ? 0 : chain.size(), c);
        }
        List<Method> out = new ArrayList<>();
        for (Class<?> c : chain) {
            for (Method m : c.getDeclaredMethods()) {
                int mod = m.getModifiers();
                boolean reachable = Modifier.isPublic(mod)
                        || (!Modifier.isPrivate(mod) && c.getPackageName().equals(test.getPackageName()));
                if (m.isAnnotationPresent(kind) && m.getParameterCount() == 0 && Modifier.isStatic(mod) == isStatic
                        && reachable && !m.isSynthetic()) {
                    out.add(m);
                }
            }
        }
        return out;
    }
}
