package racepipe.dynamic.agent;

import java.util.Set;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import racepipe.contract.SiteKey;
import racepipe.contract.WatchedLibrary;
import racepipe.dynamic.runtime.LibCalls;
import racepipe.dynamic.runtime.Sites;

/**
 * Rewrites one method: field and array accesses, monitors, wait/notify, thread start/join,
 * sleep/yield, java.util.concurrent locks and System.exit become calls to the runtime bridge.
 * It sees the original instructions first, so it can count them to know each one's bci.
 */
final class MethodInstrumenter extends MethodVisitor implements Opcodes {
    static final String RT = "racepipe/dynamic/runtime/RT";
    static final String SYNCHRONIZERS = "racepipe/dynamic/runtime/Synchronizers";
    static final String TASKS = "racepipe/dynamic/runtime/Tasks";
    private static final String EXECUTOR = "java/util/concurrent/Executor";
    private static final String CF = "java/util/concurrent/CompletableFuture";
    private static final String LOCK = "java/util/concurrent/locks/Lock";
    private static final String CONDITION = "java/util/concurrent/locks/Condition";

    private final String owner;
    private final String name;
    private final String desc;
    private final String source;
    private final int[] offsets;
    private final ClassHierarchy hierarchy;
    private final Set<String> onlySites; // null: every access
    private final boolean synchronizedMethod;
    private final boolean isStatic;
    private final boolean frames;
    private final boolean library; // a watched JDK collection class (WatchedLibrary): fields, arrays and monitors only
    private int insn;
    private int line = -1;
    private boolean beforeSuper; // in a constructor, before this() or super(): `this` is uninitialised
    private int pendingNews;
    private final Label bodyStart = new Label();

    MethodInstrumenter(MethodVisitor next, String owner, int access, String name, String desc, String source,
                       int[] offsets, ClassHierarchy hierarchy, Set<String> onlySites, boolean synchronizedMethod,
                       boolean frames, boolean library) {
        super(ASM9, next);
        this.owner = owner;
        this.name = name;
        this.desc = desc;
        this.source = source;
        this.offsets = offsets;
        this.hierarchy = hierarchy;
        this.onlySites = onlySites;
        this.synchronizedMethod = synchronizedMethod;
        this.isStatic = (access & ACC_STATIC) != 0;
        this.frames = frames;
        this.library = library;
        this.beforeSuper = name.equals("<init>");
    }

    private int bci() {
        return insn < offsets.length ? offsets[insn] : -1;
    }

    @Override
    public void visitCode() {
        super.visitCode();
        if (synchronizedMethod) {
            pushMethodLock();
            enterMonitor();
            super.visitLabel(bodyStart);
        }
    }

    @Override
    public void visitLineNumber(int line, Label start) {
        this.line = line;
        super.visitLineNumber(line, start);
    }

    // ---- the synchronized method, as an explicit monitor the scheduler can see

    private void pushMethodLock() {
        if (isStatic) {
            super.visitLdcInsn(Type.getObjectType(owner));
        } else {
            super.visitVarInsn(ALOAD, 0);
        }
    }

    private void enterMonitor() { // [lock] -> []
        super.visitInsn(DUP);
        super.visitMethodInsn(INVOKESTATIC, RT, library ? "libMonitorEnter" : "monitorEnter", "(Ljava/lang/Object;)V", false);
        super.visitInsn(DUP);
        super.visitInsn(MONITORENTER);
        super.visitMethodInsn(INVOKESTATIC, RT, library ? "libMonitorEntered" : "monitorEntered", "(Ljava/lang/Object;)V", false);
    }

    private void exitMonitor() { // [lock] -> []
        super.visitInsn(DUP);
        super.visitMethodInsn(INVOKESTATIC, RT, library ? "libMonitorExit" : "monitorExit", "(Ljava/lang/Object;)V", false);
        super.visitInsn(MONITOREXIT);
    }

    @Override
    public void visitMaxs(int maxStack, int maxLocals) {
        if (synchronizedMethod) {
            Label end = new Label();
            Label handler = new Label();
            super.visitLabel(end);
            super.visitTryCatchBlock(bodyStart, end, handler, null);
            super.visitLabel(handler);
            if (frames) {
                Object[] locals = isStatic ? new Object[0] : new Object[] {owner};
                super.visitFrame(F_NEW, locals.length, locals, 1, new Object[] {"java/lang/Throwable"});
            }
            pushMethodLock();
            exitMonitor();
            super.visitInsn(ATHROW);
        }
        super.visitMaxs(maxStack, maxLocals);
    }

    // ---- instructions: each visit is one original instruction, so it advances the bci

    @Override
    public void visitInsn(int opcode) {
        int bci = bci();
        insn++;
        if (opcode >= IALOAD && opcode <= SALOAD) {
            int site = site(bci, arrayVariable(opcode), false, -1);
            if (site != NOT_WATCHED) {
                super.visitInsn(DUP2);
                push(site);
                super.visitMethodInsn(INVOKESTATIC, RT, "arrayRead", "(Ljava/lang/Object;II)V", false);
            }
            super.visitInsn(opcode);
        } else if (opcode >= IASTORE && opcode <= SASTORE) {
            int site = site(bci, arrayVariable(opcode), true, -1);
            if (site == NOT_WATCHED) {
                super.visitInsn(opcode);
            } else {
                push(site);
                super.visitMethodInsn(INVOKESTATIC, RT, storeName(opcode), storeDesc(opcode), false);
            }
        } else if (opcode == MONITORENTER) {
            enterMonitor();
        } else if (opcode == MONITOREXIT) {
            exitMonitor();
        } else if (synchronizedMethod && opcode >= IRETURN && opcode <= RETURN) {
            pushMethodLock();
            exitMonitor();
            super.visitInsn(opcode);
        } else {
            super.visitInsn(opcode);
        }
    }

    @Override
    public void visitFieldInsn(int opcode, String fowner, String fname, String fdesc) {
        int bci = bci();
        insn++;
        ClassHierarchy.FieldRef ref = hierarchy.field(fowner, fname);
        boolean isStaticAccess = opcode == GETSTATIC || opcode == PUTSTATIC;
        boolean write = opcode == PUTFIELD || opcode == PUTSTATIC;
        boolean wide = fdesc.equals("J") || fdesc.equals("D");
        if (ref.isFinal() || (beforeSuper && !isStaticAccess) || name.equals("<clinit>")) {
            super.visitFieldInsn(opcode, fowner, fname, fdesc);
            return;
        }
        String variable = ref.owner().replace('/', '.') + "." + fname;
        int field = Sites.field(ref.owner(), fname);
        if (library && ref.isVolatile()) {
            super.visitFieldInsn(opcode, fowner, fname, fdesc);
            return;
        }
        if (ref.isVolatile()) {
            int site = Sites.register(owner, name, desc, bci, source, line, variable, write, field);
            volatileAccess(opcode, fowner, fname, fdesc, site, write, wide);
            return;
        }
        int site = site(bci, variable, write, field);
        if (site == NOT_WATCHED) {
            super.visitFieldInsn(opcode, fowner, fname, fdesc);
            return;
        }
        if (isStaticAccess) {
            push(site);
            super.visitMethodInsn(INVOKESTATIC, RT, write ? "writeStatic" : "readStatic", "(I)V", false);
        } else if (!write) {
            super.visitInsn(DUP);
            push(site);
            super.visitMethodInsn(INVOKESTATIC, RT, "read", "(Ljava/lang/Object;I)V", false);
        } else {
            dupObjectUnderValue(wide);
            push(site);
            super.visitMethodInsn(INVOKESTATIC, RT, "write", "(Ljava/lang/Object;I)V", false);
        }
        super.visitFieldInsn(opcode, fowner, fname, fdesc);
    }

    /** Volatile: a write is announced before it happens, a read after, so edges follow values. */
    private void volatileAccess(int opcode, String fowner, String fname, String fdesc, int site, boolean write, boolean wide) {
        switch (opcode) {
            case PUTSTATIC -> {
                push(site);
                super.visitMethodInsn(INVOKESTATIC, RT, "volatileWriteStatic", "(I)V", false);
                super.visitFieldInsn(opcode, fowner, fname, fdesc);
            }
            case GETSTATIC -> {
                super.visitFieldInsn(opcode, fowner, fname, fdesc);
                push(site);
                super.visitMethodInsn(INVOKESTATIC, RT, "volatileReadStatic", "(I)V", false);
            }
            case PUTFIELD -> {
                dupObjectUnderValue(wide);
                push(site);
                super.visitMethodInsn(INVOKESTATIC, RT, "volatileWrite", "(Ljava/lang/Object;I)V", false);
                super.visitFieldInsn(opcode, fowner, fname, fdesc);
            }
            default -> { // GETFIELD: [obj] -> [obj obj] -> [obj v] -> [v obj] -> [v]
                super.visitInsn(DUP);
                super.visitFieldInsn(opcode, fowner, fname, fdesc);
                if (wide) {
                    super.visitInsn(DUP2_X1);
                    super.visitInsn(POP2);
                } else {
                    super.visitInsn(SWAP);
                }
                push(site);
                super.visitMethodInsn(INVOKESTATIC, RT, "volatileRead", "(Ljava/lang/Object;I)V", false);
            }
        }
    }

    /** [obj v] -> [obj v obj], for a value of one or two slots. */
    private void dupObjectUnderValue(boolean wide) {
        if (wide) {
            super.visitInsn(DUP2_X1);
            super.visitInsn(POP2);
            super.visitInsn(DUP_X2);
        } else {
            super.visitInsn(DUP2);
            super.visitInsn(POP);
        }
    }

    @Override
    public void visitMethodInsn(int opcode, String mowner, String mname, String mdesc, boolean itf) {
        int bci = bci();
        insn++;
        if (beforeSuper && opcode == INVOKESPECIAL && mname.equals("<init>")) {
            if (pendingNews > 0) {
                pendingNews--;
            } else {
                beforeSuper = false;
            }
        }
        if (library) {
            super.visitMethodInsn(opcode, mowner, mname, mdesc, itf);
            return;
        }
        String wrap = taskArgument(opcode, mowner, mname, mdesc);
        if (wrap != null) {
            handOff(opcode, mowner, mname, mdesc, itf, wrap);
            return;
        }
        String replacement = replacement(opcode, mowner, mname, mdesc);
        if (replacement != null) {
            String target = RT;
            if (replacement.startsWith("Synchronizers.")) {
                target = SYNCHRONIZERS;
                replacement = replacement.substring("Synchronizers.".length());
            } else if (replacement.startsWith("Tasks.")) {
                target = TASKS;
                replacement = replacement.substring("Tasks.".length());
            }
            super.visitMethodInsn(INVOKESTATIC, target, replacement.substring(0, replacement.indexOf('(')),
                    replacement.substring(replacement.indexOf('(')), false);
        } else if (WatchedLibrary.isCall(mowner, mname)) {
            int site = callSite(bci, mowner, mname);
            push(site);
            super.visitMethodInsn(INVOKESTATIC, RT, "libEnter", "(I)V", false);
            super.visitMethodInsn(opcode, mowner, mname, mdesc, itf);
            push(site);
            super.visitMethodInsn(INVOKESTATIC, RT, "libExit", "(I)V", false);
        } else {
            super.visitMethodInsn(opcode, mowner, mname, mdesc, itf);
        }
    }

    /** A call into java.util: every one is marked, so collection code knows it runs for the program. */
    private int callSite(int bci, String mowner, String mname) {
        if (onlySites != null && !onlySites.contains(SiteKey.of(owner, name, desc, bci))) {
            return LibCalls.UNWATCHED;
        }
        return Sites.register(owner, name, desc, bci, source, line, WatchedLibrary.callVariable(mowner, mname), false, -1);
    }

    /**
     * A call that hands a task to a pool (execute, submit, runAsync, supplyAsync): the type of
     * the task argument that Tasks wraps, or null.
     */
    private String taskArgument(int opcode, String mowner, String mname, String mdesc) {
        if ((opcode == INVOKEINTERFACE || opcode == INVOKEVIRTUAL) && hierarchy.isSubtype(mowner, EXECUTOR)) {
            return switch (mname + mdesc) {
                case "execute(Ljava/lang/Runnable;)V", "submit(Ljava/lang/Runnable;)Ljava/util/concurrent/Future;" -> "java/lang/Runnable";
                case "submit(Ljava/util/concurrent/Callable;)Ljava/util/concurrent/Future;" -> "java/util/concurrent/Callable";
                default -> null;
            };
        }
        if (opcode == INVOKESTATIC && mowner.equals(CF)) {
            return switch (mname + mdesc) {
                case "runAsync(Ljava/lang/Runnable;)Ljava/util/concurrent/CompletableFuture;",
                        "runAsync(Ljava/lang/Runnable;Ljava/util/concurrent/Executor;)Ljava/util/concurrent/CompletableFuture;" -> "java/lang/Runnable";
                case "supplyAsync(Ljava/util/function/Supplier;)Ljava/util/concurrent/CompletableFuture;",
                        "supplyAsync(Ljava/util/function/Supplier;Ljava/util/concurrent/Executor;)Ljava/util/concurrent/CompletableFuture;" -> "java/util/function/Supplier";
                default -> null;
            };
        }
        return null;
    }

    /** [.. task (executor)] -> the call with the task wrapped; a returned future is remembered. */
    private void handOff(int opcode, String mowner, String mname, String mdesc, boolean itf, String taskType) {
        boolean executorLast = mdesc.contains("Ljava/util/concurrent/Executor;)");
        if (executorLast) {
            super.visitInsn(SWAP);
        }
        super.visitMethodInsn(INVOKESTATIC, TASKS, "wrap", "(L" + taskType + ";)L" + taskType + ";", false);
        if (executorLast) {
            super.visitInsn(SWAP);
        }
        super.visitMethodInsn(opcode, mowner, mname, mdesc, itf);
        if (!mdesc.endsWith(")V")) {
            super.visitInsn(DUP);
            super.visitMethodInsn(INVOKESTATIC, TASKS, "submitted", "(Ljava/lang/Object;)V", false);
        }
    }

    /** The bridge method ("name(desc)") that replaces a call, or null to keep it. */
    private String replacement(int opcode, String mowner, String mname, String mdesc) {
        String sig = mname + mdesc;
        if (opcode == INVOKEVIRTUAL || opcode == INVOKEINTERFACE) {
            switch (sig) {
                case "wait()V": return "waitOn(Ljava/lang/Object;)V";
                case "wait(J)V": return "waitOn(Ljava/lang/Object;J)V";
                case "wait(JI)V": return "waitOn(Ljava/lang/Object;JI)V";
                case "notify()V": return "notifyOne(Ljava/lang/Object;)V";
                case "notifyAll()V": return "notifyAllWaiters(Ljava/lang/Object;)V";
                default: break;
            }
            if ((sig.equals("start()V") || sig.equals("join()V") || sig.equals("join(J)V"))
                    && hierarchy.isSubtype(mowner, "java/lang/Thread")) {
                return switch (sig) {
                    case "start()V" -> "start(Ljava/lang/Thread;)V";
                    case "join()V" -> "join(Ljava/lang/Thread;)V";
                    default -> "joinTimed(Ljava/lang/Thread;J)V";
                };
            }
            if (isLockCall(sig) && hierarchy.isSubtype(mowner, LOCK)) {
                String ret = mdesc.substring(mdesc.indexOf(')') + 1);
                String args = mdesc.substring(1, mdesc.indexOf(')'));
                return switch (mname) {
                    case "newCondition" -> "newCondition(L" + LOCK + ";)" + ret;
                    default -> mname + "(L" + LOCK + ";" + args + ")" + ret;
                };
            }
            if (hierarchy.isSubtype(mowner, "java/util/concurrent/Future")) {
                switch (sig) {
                    case "get()Ljava/lang/Object;": return "Tasks.get(Ljava/util/concurrent/Future;)Ljava/lang/Object;";
                    case "get(JLjava/util/concurrent/TimeUnit;)Ljava/lang/Object;":
                        return "Tasks.get(Ljava/util/concurrent/Future;JLjava/util/concurrent/TimeUnit;)Ljava/lang/Object;";
                    case "join()Ljava/lang/Object;":
                        return hierarchy.isSubtype(mowner, CF) ? "Tasks.join(L" + CF + ";)Ljava/lang/Object;" : null;
                    default: break;
                }
            }
            String sync = synchronizer(mowner, sig);
            if (sync != null) {
                return sync;
            }
            if (isConditionCall(sig) && hierarchy.isSubtype(mowner, CONDITION)) {
                String ret = mdesc.substring(mdesc.indexOf(')') + 1);
                String args = mdesc.substring(1, mdesc.indexOf(')'));
                return mname + "(L" + CONDITION + ";" + args + ")" + ret;
            }
        } else if (opcode == INVOKESTATIC) {
            if (mowner.equals("java/lang/Thread")) {
                switch (sig) {
                    case "sleep(J)V": return "sleep(J)V";
                    case "yield()V":
                    case "onSpinWait()V": return "yieldNow()V";
                    default: break;
                }
            }
            if (mowner.equals("java/lang/System") && sig.equals("exit(I)V")) {
                return "exit(I)V";
            }
        }
        return null;
    }

    /** Calls on java.util.concurrent synchronisers go through runtime/Synchronizers. */
    private String synchronizer(String mowner, String sig) {
        String latch = "java/util/concurrent/CountDownLatch", barrier = "java/util/concurrent/CyclicBarrier";
        String sem = "java/util/concurrent/Semaphore", queue = "java/util/concurrent/BlockingQueue";
        String at = "Synchronizers.";
        switch (sig) {
            case "countDown()V":
                return hierarchy.isSubtype(mowner, latch) ? at + "countDown(L" + latch + ";)V" : null;
            case "await()V":
                return hierarchy.isSubtype(mowner, latch) ? at + "await(L" + latch + ";)V" : null;
            case "await(JLjava/util/concurrent/TimeUnit;)Z":
                return hierarchy.isSubtype(mowner, latch) ? at + "await(L" + latch + ";JLjava/util/concurrent/TimeUnit;)Z" : null;
            case "await()I":
                return hierarchy.isSubtype(mowner, barrier) ? at + "await(L" + barrier + ";)I" : null;
            case "await(JLjava/util/concurrent/TimeUnit;)I":
                return hierarchy.isSubtype(mowner, barrier) ? at + "await(L" + barrier + ";JLjava/util/concurrent/TimeUnit;)I" : null;
            case "release()V":
                return hierarchy.isSubtype(mowner, sem) ? at + "release(L" + sem + ";)V" : null;
            case "acquire()V":
                return hierarchy.isSubtype(mowner, sem) ? at + "acquire(L" + sem + ";)V" : null;
            case "put(Ljava/lang/Object;)V":
                return hierarchy.isSubtype(mowner, queue) ? at + "put(L" + queue + ";Ljava/lang/Object;)V" : null;
            case "take()Ljava/lang/Object;":
                return hierarchy.isSubtype(mowner, queue) ? at + "take(L" + queue + ";)Ljava/lang/Object;" : null;
            default:
                return null;
        }
    }

    private static boolean isLockCall(String sig) {
        return switch (sig) {
            case "lock()V", "lockInterruptibly()V", "tryLock()Z", "tryLock(JLjava/util/concurrent/TimeUnit;)Z",
                    "unlock()V", "newCondition()Ljava/util/concurrent/locks/Condition;" -> true;
            default -> false;
        };
    }

    private static boolean isConditionCall(String sig) {
        return switch (sig) {
            case "await()V", "awaitUninterruptibly()V", "await(JLjava/util/concurrent/TimeUnit;)Z",
                    "awaitNanos(J)J", "signal()V", "signalAll()V" -> true;
            default -> false;
        };
    }

    // ---- the remaining kinds only advance the count

    @Override
    public void visitIntInsn(int opcode, int operand) {
        insn++;
        super.visitIntInsn(opcode, operand);
    }

    @Override
    public void visitVarInsn(int opcode, int var) {
        insn++;
        super.visitVarInsn(opcode, var);
    }

    @Override
    public void visitTypeInsn(int opcode, String type) {
        insn++;
        if (opcode == NEW && beforeSuper) {
            pendingNews++;
        }
        super.visitTypeInsn(opcode, type);
    }

    @Override
    public void visitInvokeDynamicInsn(String n, String d, Handle bsm, Object... args) {
        insn++;
        super.visitInvokeDynamicInsn(n, d, bsm, args);
    }

    @Override
    public void visitJumpInsn(int opcode, Label label) {
        insn++;
        super.visitJumpInsn(opcode, label);
    }

    @Override
    public void visitLdcInsn(Object value) {
        insn++;
        super.visitLdcInsn(value);
    }

    @Override
    public void visitIincInsn(int var, int increment) {
        insn++;
        super.visitIincInsn(var, increment);
    }

    @Override
    public void visitTableSwitchInsn(int min, int max, Label dflt, Label... labels) {
        insn++;
        super.visitTableSwitchInsn(min, max, dflt, labels);
    }

    @Override
    public void visitLookupSwitchInsn(Label dflt, int[] keys, Label[] labels) {
        insn++;
        super.visitLookupSwitchInsn(dflt, keys, labels);
    }

    @Override
    public void visitMultiANewArrayInsn(String d, int dims) {
        insn++;
        super.visitMultiANewArrayInsn(d, dims);
    }

    // ---- helpers

    private static final int NOT_WATCHED = Integer.MIN_VALUE;

    /**
     * Registers the access site, or returns NOT_WATCHED when this run does not watch it. Inside
     * a collection class the access has no site of its own (negative: it carries its field).
     */
    private int site(int bci, String variable, boolean write, int field) {
        if (library) {
            return field >= 0 ? Sites.libraryField(field) : Sites.LIBRARY_ELEMENT;
        }
        if (onlySites != null && !onlySites.contains(SiteKey.of(owner, name, desc, bci))) {
            return NOT_WATCHED;
        }
        return Sites.register(owner, name, desc, bci, source, line, variable, write, field);
    }

    private void push(int value) {
        if (value >= Byte.MIN_VALUE && value <= Byte.MAX_VALUE) {
            super.visitIntInsn(BIPUSH, value);
        } else if (value >= Short.MIN_VALUE && value <= Short.MAX_VALUE) {
            super.visitIntInsn(SIPUSH, value);
        } else {
            super.visitLdcInsn(value);
        }
    }

    private static String arrayVariable(int opcode) {
        return switch (opcode) {
            case IALOAD, IASTORE -> "int[]";
            case LALOAD, LASTORE -> "long[]";
            case FALOAD, FASTORE -> "float[]";
            case DALOAD, DASTORE -> "double[]";
            case AALOAD, AASTORE -> "java.lang.Object[]";
            case BALOAD, BASTORE -> "byte[]";
            case CALOAD, CASTORE -> "char[]";
            default -> "short[]";
        };
    }

    private static String storeName(int opcode) {
        return switch (opcode) {
            case IASTORE -> "storeInt";
            case LASTORE -> "storeLong";
            case FASTORE -> "storeFloat";
            case DASTORE -> "storeDouble";
            case AASTORE -> "storeObject";
            case BASTORE -> "storeByte";
            case CASTORE -> "storeChar";
            default -> "storeShort";
        };
    }

    private static String storeDesc(int opcode) {
        return switch (opcode) {
            case IASTORE -> "([IIII)V";
            case LASTORE -> "([JIJI)V";
            case FASTORE -> "([FIFI)V";
            case DASTORE -> "([DIDI)V";
            case AASTORE -> "([Ljava/lang/Object;ILjava/lang/Object;I)V";
            case BASTORE -> "(Ljava/lang/Object;III)V";
            case CASTORE -> "([CICI)V";
            default -> "([SISI)V";
        };
    }
}
