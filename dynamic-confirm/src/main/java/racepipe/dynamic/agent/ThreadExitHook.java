package racepipe.dynamic.agent;

import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Retransforms java.lang.Thread so that its private exit(), which the JVM calls as a thread
 * ends, first tells the runtime: the scheduler must know when a thread is done. A virtual thread
 * (JDK 21+) never runs exit(): java.lang.VirtualThread's constructors hand their Runnable to
 * {@code RT.virtualTask} first, whose wrapper tells the end as the task returns or throws.
 */
final class ThreadExitHook implements ClassFileTransformer {
    @Override
    public byte[] transform(ClassLoader loader, String name, Class<?> redefined, ProtectionDomain pd, byte[] bytes) {
        if ("java/lang/VirtualThread".equals(name)) {
            return virtualThread(bytes);
        }
        if (!"java/lang/Thread".equals(name)) {
            return null;
        }
        try {
            ClassReader reader = new ClassReader(bytes);
            ClassWriter writer = new ClassWriter(reader, 0);
            reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
                @Override
                public MethodVisitor visitMethod(int access, String mname, String desc, String sig, String[] ex) {
                    MethodVisitor mv = super.visitMethod(access, mname, desc, sig, ex);
                    if (!mname.equals("exit") || !desc.equals("()V")) {
                        return mv;
                    }
                    return new MethodVisitor(Opcodes.ASM9, mv) {
                        @Override
                        public void visitCode() {
                            super.visitCode();
                            super.visitVarInsn(Opcodes.ALOAD, 0);
                            super.visitMethodInsn(Opcodes.INVOKESTATIC, CallReplacements.RT, "threadExit",
                                    "(Ljava/lang/Thread;)V", false);
                        }

                        @Override
                        public void visitMaxs(int maxStack, int maxLocals) {
                            super.visitMaxs(Math.max(maxStack, 1), maxLocals);
                        }
                    };
                }
            }, 0);
            return writer.toByteArray();
        } catch (Throwable t) {
            System.err.println("racepipe: could not hook Thread.exit: " + t);
            return null;
        }
    }

    /** Every constructor whose last parameter is the task: the task is replaced by RT.virtualTask(task) on entry. */
    private static byte[] virtualThread(byte[] bytes) {
        try {
            ClassReader reader = new ClassReader(bytes);
            ClassWriter writer = new ClassWriter(reader, 0);
            reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
                @Override
                public MethodVisitor visitMethod(int access, String mname, String desc, String sig, String[] ex) {
                    MethodVisitor mv = super.visitMethod(access, mname, desc, sig, ex);
                    if (!mname.equals("<init>") || !desc.endsWith("Ljava/lang/Runnable;)V")) {
                        return mv;
                    }
                    org.objectweb.asm.Type[] params = org.objectweb.asm.Type.getArgumentTypes(desc);
                    int slot = 1;
                    for (int i = 0; i < params.length - 1; i++) {
                        slot += params[i].getSize();
                    }
                    int task = slot;
                    return new MethodVisitor(Opcodes.ASM9, mv) {
                        @Override
                        public void visitCode() {
                            super.visitCode();
                            // before super(): only the argument slot is touched, never this
                            super.visitVarInsn(Opcodes.ALOAD, task);
                            super.visitMethodInsn(Opcodes.INVOKESTATIC, CallReplacements.RT, "virtualTask",
                                    "(Ljava/lang/Runnable;)Ljava/lang/Runnable;", false);
                            super.visitVarInsn(Opcodes.ASTORE, task);
                        }

                        @Override
                        public void visitMaxs(int maxStack, int maxLocals) {
                            super.visitMaxs(Math.max(maxStack, 1), maxLocals);
                        }
                    };
                }
            }, 0);
            return writer.toByteArray();
        } catch (Throwable t) {
            System.err.println("racepipe: could not hook java.lang.VirtualThread: " + t);
            return null;
        }
    }
}
