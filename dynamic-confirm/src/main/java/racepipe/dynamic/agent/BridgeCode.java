package racepipe.dynamic.agent;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The instruction sequences that call the runtime bridge around one access or call, with the
 * stack shuffles each needs; the comments give the stack before and after. MethodInstrumenter
 * decides what to instrument, this writes it to the next visitor of the chain.
 */
final class BridgeCode implements Opcodes {
    private static final String RT = CallReplacements.RT;
    private static final String OBJECT_DESC = "(Ljava/lang/Object;)V";
    private static final String TARGET_SITE_DESC = "(Ljava/lang/Object;I)V";

    private final MethodVisitor out;
    private final boolean library; // inside a watched collection class: its monitors have their own hooks

    BridgeCode(MethodVisitor out, boolean library) {
        this.out = out;
        this.library = library;
    }

    /**
     * [lock] -> [], entering the monitor with the scheduler's grant before and the recorder's note
     * after (MonitorNotePlacement moves the note into the block's handler range).
     */
    void enterMonitor() {
        enterMonitorKeepingLock();
        entered();
    }

    /** [lock] -> [lock]: the monitor entered, its note not yet made ({@link #entered}). */
    void enterMonitorKeepingLock() {
        out.visitInsn(DUP);
        out.visitMethodInsn(INVOKESTATIC, RT, library ? "libMonitorEnter" : "monitorEnter", OBJECT_DESC, false);
        out.visitInsn(DUP);
        out.visitInsn(MONITORENTER);
    }

    /** [lock] -> []: the recorder's note that the monitor is held. */
    void entered() {
        out.visitMethodInsn(INVOKESTATIC, RT, library ? "libMonitorEntered" : "monitorEntered", OBJECT_DESC, false);
    }

    /** [lock] -> []: on an exception's way out of a synchronized method, noted after the release (MonitorNotePlacement says why). */
    void exitMonitorNotingAfter() {
        out.visitInsn(DUP);
        out.visitInsn(MONITOREXIT);
        out.visitMethodInsn(INVOKESTATIC, RT, library ? "libMonitorExit" : "monitorExit", OBJECT_DESC, false);
    }

    /** [lock] -> [] */
    void exitMonitor() {
        out.visitInsn(DUP);
        out.visitMethodInsn(INVOKESTATIC, RT, library ? "libMonitorExit" : "monitorExit", OBJECT_DESC, false);
        out.visitInsn(MONITOREXIT);
    }

    /** A plain field access: the bridge sees it first, then the access happens. */
    void field(int opcode, String owner, String name, String desc, int site) {
        boolean wide = desc.equals("J") || desc.equals("D");
        switch (opcode) {
            case GETSTATIC, PUTSTATIC -> {
                push(site);
                out.visitMethodInsn(INVOKESTATIC, RT, opcode == PUTSTATIC ? "writeStatic" : "readStatic", "(I)V", false);
            }
            case GETFIELD -> { // [obj] -> [obj obj site] -> [obj]
                out.visitInsn(DUP);
                push(site);
                out.visitMethodInsn(INVOKESTATIC, RT, "read", TARGET_SITE_DESC, false);
            }
            default -> { // PUTFIELD: [obj v] -> [obj v obj site] -> [obj v]
                dupObjectUnderValue(wide);
                push(site);
                out.visitMethodInsn(INVOKESTATIC, RT, "write", TARGET_SITE_DESC, false);
            }
        }
        out.visitFieldInsn(opcode, owner, name, desc);
    }

    /** Volatile: a write is announced before it happens, a read after, so edges follow values. */
    void volatileField(int opcode, String owner, String name, String desc, int site) {
        boolean wide = desc.equals("J") || desc.equals("D");
        switch (opcode) {
            case PUTSTATIC -> {
                push(site);
                out.visitMethodInsn(INVOKESTATIC, RT, "volatileWriteStatic", "(I)V", false);
                out.visitFieldInsn(opcode, owner, name, desc);
            }
            case GETSTATIC -> {
                out.visitFieldInsn(opcode, owner, name, desc);
                push(site);
                out.visitMethodInsn(INVOKESTATIC, RT, "volatileReadStatic", "(I)V", false);
            }
            case PUTFIELD -> {
                dupObjectUnderValue(wide);
                push(site);
                out.visitMethodInsn(INVOKESTATIC, RT, "volatileWrite", TARGET_SITE_DESC, false);
                out.visitFieldInsn(opcode, owner, name, desc);
            }
            default -> { // GETFIELD: [obj] -> [obj obj] -> [obj v] -> [v obj] -> [v]
                out.visitInsn(DUP);
                out.visitFieldInsn(opcode, owner, name, desc);
                if (wide) {
                    out.visitInsn(DUP2_X1);
                    out.visitInsn(POP2);
                } else {
                    out.visitInsn(SWAP);
                }
                push(site);
                out.visitMethodInsn(INVOKESTATIC, RT, "volatileRead", TARGET_SITE_DESC, false);
            }
        }
    }

    /** [obj v] -> [obj v obj], for a value of one or two slots. */
    private void dupObjectUnderValue(boolean wide) {
        if (wide) {
            out.visitInsn(DUP2_X1);
            out.visitInsn(POP2);
            out.visitInsn(DUP_X2);
        } else {
            out.visitInsn(DUP2);
            out.visitInsn(POP);
        }
    }

    /** xALOAD: [array index] -> [array index array index site] -> the load, observed in place. */
    void arrayLoad(int opcode, int site) {
        out.visitInsn(DUP2);
        push(site);
        out.visitMethodInsn(INVOKESTATIC, RT, "arrayRead", "(Ljava/lang/Object;II)V", false);
        out.visitInsn(opcode);
    }

    /** xASTORE: [array index value] -> [array index value site] -> the bridge stores. */
    void arrayStore(int opcode, int site) {
        push(site);
        invoke(CallReplacements.arrayStore(opcode));
    }

    /** A call into java.util, bracketed so that accesses inside a watched class count at it. */
    void libraryCall(int site, int opcode, String owner, String name, String desc, boolean itf) {
        push(site);
        out.visitMethodInsn(INVOKESTATIC, RT, "libEnter", "(I)V", false);
        out.visitMethodInsn(opcode, owner, name, desc, itf);
        push(site);
        out.visitMethodInsn(INVOKESTATIC, RT, "libExit", "(I)V", false);
    }

    /**
     * A call on an atomic, a VarHandle or a concurrent collection, with happens-before's edges
     * around it (WatchedLibrary.syncKind): the receiver and the arguments go to locals from
     * {@code free} on (no branch in between, so the method's frames need no change), RT.syncBefore
     * (a release) sees the receiver before the call and RT.syncAfter (an acquire) after it.
     * {@code check}: the receiver's class decides at run time (an interface's call, java.util.Map).
     * {@code pass}: a concurrent collection's call, whose stored arguments (passArgs) go in with
     * RT.passIn before it and whose returned object comes out with RT.passOut after it (stored
     * too when passResult). {@code call} emits the call itself (bracketed or not).
     */
    void syncCall(int free, boolean release, boolean acquire, boolean check, racepipe.contract.AtomicCells.Mode cell,
                  int site, String desc, Runnable call, boolean pass, boolean passArgs, boolean passResult) {
        org.objectweb.asm.Type[] args = org.objectweb.asm.Type.getArgumentTypes(desc);
        int[] slots = new int[args.length];
        int next = free + 1;
        for (int i = 0; i < args.length; i++) {
            slots[i] = next;
            next += args[i].getSize();
        }
        for (int i = args.length - 1; i >= 0; i--) {
            out.visitVarInsn(args[i].getOpcode(ISTORE), slots[i]);
        }
        out.visitVarInsn(ASTORE, free);
        if (cell != null) {
            atomicCell(free, args, slots, cell, site);
        }
        if (release) {
            out.visitVarInsn(ALOAD, free);
            out.visitInsn(check ? ICONST_1 : ICONST_0);
            out.visitMethodInsn(INVOKESTATIC, RT, "syncBefore", "(Ljava/lang/Object;Z)V", false);
        }
        for (int i = 0; pass && passArgs && i < args.length; i++) {
            if (args[i].getSort() >= org.objectweb.asm.Type.ARRAY) {
                out.visitVarInsn(ALOAD, slots[i]);
                out.visitVarInsn(ALOAD, free);
                out.visitInsn(check ? ICONST_1 : ICONST_0);
                out.visitMethodInsn(INVOKESTATIC, RT, "passIn", "(Ljava/lang/Object;Ljava/lang/Object;Z)V", false);
            }
        }
        out.visitVarInsn(ALOAD, free);
        for (int i = 0; i < args.length; i++) {
            out.visitVarInsn(args[i].getOpcode(ILOAD), slots[i]);
        }
        call.run();
        if (cell == racepipe.contract.AtomicCells.Mode.UPDATE && desc.endsWith(")Z")) {
            out.visitInsn(DUP); // a compareAndSet's outcome: one that failed only read its cell
            out.visitMethodInsn(INVOKESTATIC, RT, "atomicDone", "(Z)V", false);
        }
        if (acquire) {
            out.visitVarInsn(ALOAD, free);
            out.visitInsn(check ? ICONST_1 : ICONST_0);
            out.visitMethodInsn(INVOKESTATIC, RT, "syncAfter", "(Ljava/lang/Object;Z)V", false);
        }
        if (pass && org.objectweb.asm.Type.getReturnType(desc).getSort() >= org.objectweb.asm.Type.ARRAY) {
            out.visitInsn(DUP);
            out.visitVarInsn(ALOAD, free);
            out.visitInsn(check ? ICONST_1 : ICONST_0);
            out.visitInsn(passResult ? ICONST_1 : ICONST_0);
            out.visitMethodInsn(INVOKESTATIC, RT, "passOut", "(Ljava/lang/Object;Ljava/lang/Object;ZZ)V", false);
        }
    }

    /**
     * Before an atomic call (AtomicCells): RT.atomic(receiver, first argument if a reference,
     * first int or long among the first two arguments, mode), from which the runtime finds the
     * cell (an array's index, an Unsafe offset, a VarHandle's coordinates).
     */
    private void atomicCell(int free, org.objectweb.asm.Type[] args, int[] slots, racepipe.contract.AtomicCells.Mode cell,
                            int site) {
        out.visitVarInsn(ALOAD, free);
        if (args.length > 0 && args[0].getSort() >= org.objectweb.asm.Type.ARRAY) {
            out.visitVarInsn(ALOAD, slots[0]);
        } else {
            out.visitInsn(ACONST_NULL);
        }
        boolean key = false;
        for (int i = 0; i < Math.min(2, args.length) && !key; i++) {
            int sort = args[i].getSort();
            if (sort == org.objectweb.asm.Type.LONG) {
                out.visitVarInsn(LLOAD, slots[i]);
                key = true;
            } else if (sort == org.objectweb.asm.Type.INT || sort == org.objectweb.asm.Type.SHORT
                    || sort == org.objectweb.asm.Type.CHAR || sort == org.objectweb.asm.Type.BYTE) {
                out.visitVarInsn(ILOAD, slots[i]);
                out.visitInsn(I2L);
                key = true;
            }
        }
        if (!key) {
            out.visitInsn(LCONST_0);
        }
        push(cell.ordinal());
        push(site);
        out.visitMethodInsn(INVOKESTATIC, RT, "atomic", "(Ljava/lang/Object;Ljava/lang/Object;JII)V", false);
    }

    /**
     * A call that makes a handle onto a named field (a field updater, a VarHandle: AtomicCells.namesField):
     * its arguments go to locals from {@code free} on (the receiver too unless static), the call
     * is made, and RT.namedCell(handle, the first Class argument, the String argument) notes the field.
     */
    void namedCell(int free, boolean isStatic, String desc, Runnable call) {
        org.objectweb.asm.Type[] args = org.objectweb.asm.Type.getArgumentTypes(desc);
        int[] slots = new int[args.length];
        int next = isStatic ? free : free + 1;
        int cls = -1, name = -1;
        for (int i = 0; i < args.length; i++) {
            slots[i] = next;
            next += args[i].getSize();
            if (cls < 0 && args[i].getDescriptor().equals("Ljava/lang/Class;")) {
                cls = slots[i];
            } else if (args[i].getDescriptor().equals("Ljava/lang/String;")) {
                name = slots[i];
            }
        }
        for (int i = args.length - 1; i >= 0; i--) {
            out.visitVarInsn(args[i].getOpcode(ISTORE), slots[i]);
        }
        if (!isStatic) {
            out.visitVarInsn(ASTORE, free);
            out.visitVarInsn(ALOAD, free);
        }
        for (int i = 0; i < args.length; i++) {
            out.visitVarInsn(args[i].getOpcode(ILOAD), slots[i]);
        }
        call.run();
        out.visitInsn(DUP);
        if (cls < 0 || name < 0) {
            out.visitInsn(POP);
            return;
        }
        out.visitVarInsn(ALOAD, cls);
        out.visitVarInsn(ALOAD, name);
        out.visitMethodInsn(INVOKESTATIC, RT, "namedCell", "(Ljava/lang/Object;Ljava/lang/Class;Ljava/lang/String;)V", false);
    }

    /** [.. task (executor)] -> the call with the task wrapped; a returned future is remembered. */
    void handOff(int opcode, String owner, String name, String desc, boolean itf, String taskType) {
        boolean executorLast = desc.contains("Ljava/util/concurrent/Executor;)");
        String wrapIn = "(Ljava/lang/Object;L" + taskType + ";)L" + taskType + ";";
        if (executorLast) { // [task executor] -> [executor executor task] -> wrapIn -> [executor wrapped] -> [wrapped executor]
            out.visitInsn(DUP_X1);
            out.visitInsn(SWAP);
            out.visitMethodInsn(INVOKESTATIC, CallReplacements.TASKS, "wrapIn", wrapIn, false);
            out.visitInsn(SWAP);
        } else if (opcode != INVOKESTATIC) { // [executor task] -> [executor executor task] -> wrapIn -> [executor wrapped]
            out.visitInsn(SWAP);
            out.visitInsn(DUP_X1);
            out.visitInsn(SWAP);
            out.visitMethodInsn(INVOKESTATIC, CallReplacements.TASKS, "wrapIn", wrapIn, false);
        } else { // the common pool's: it never terminates
            out.visitMethodInsn(INVOKESTATIC, CallReplacements.TASKS, "wrap", "(L" + taskType + ";)L" + taskType + ";", false);
        }
        out.visitMethodInsn(opcode, owner, name, desc, itf);
        if (!desc.endsWith(")V")) {
            out.visitInsn(DUP);
            out.visitMethodInsn(INVOKESTATIC, CallReplacements.TASKS, "submitted", OBJECT_DESC, false);
        }
    }

    /** A bulk array operation: its arguments are on the stack; the site goes last. */
    void arrayOperation(CallReplacements.Bridge b, int site) {
        push(site);
        invoke(b);
    }

    /** [] -> []: the acquire that follows is at this site (-1: one with no site, a synchronized method's). */
    void acquireSite(int site) {
        push(site);
        out.visitMethodInsn(INVOKESTATIC, RT, "acquireSite", "(I)V", false);
    }

    void invoke(CallReplacements.Bridge b) {
        out.visitMethodInsn(INVOKESTATIC, b.owner(), b.name(), b.desc(), false);
    }

    // ---- atomic blocks (AtomicBlocks): the hook names the operation's target and its id

    /** At a block's entry. */
    void atomicEnter(int block) {
        push(block);
        out.visitMethodInsn(INVOKESTATIC, RT, "atomicEnter", "(I)V", false);
    }

    /** [.. target] -> [..]: the operation's hook. */
    void atomicOp(int op) {
        push(op);
        out.visitMethodInsn(INVOKESTATIC, RT, "atomicOp", TARGET_SITE_DESC, false);
    }

    /** [.. obj value] -> [.. obj value] with the hook told obj (a putfield's target). */
    void atomicOpUnderValue(boolean wide, int op) {
        dupObjectUnderValue(wide);
        atomicOp(op);
    }

    /**
     * [.. receiver args] -> [.. receiver args], the hook told the receiver: the arguments and the
     * receiver go through the locals from {@code free} on and come back.
     */
    void atomicOpOnReceiver(int free, String desc, int op) {
        org.objectweb.asm.Type[] args = org.objectweb.asm.Type.getArgumentTypes(desc);
        int[] slots = new int[args.length];
        int next = free + 1;
        for (int i = 0; i < args.length; i++) {
            slots[i] = next;
            next += args[i].getSize();
        }
        for (int i = args.length - 1; i >= 0; i--) {
            out.visitVarInsn(args[i].getOpcode(ISTORE), slots[i]);
        }
        out.visitInsn(DUP);
        atomicOp(op);
        for (int i = 0; i < args.length; i++) {
            out.visitVarInsn(args[i].getOpcode(ILOAD), slots[i]);
        }
    }

    private void push(int value) {
        if (value >= Byte.MIN_VALUE && value <= Byte.MAX_VALUE) {
            out.visitIntInsn(BIPUSH, value);
        } else if (value >= Short.MIN_VALUE && value <= Short.MAX_VALUE) {
            out.visitIntInsn(SIPUSH, value);
        } else {
            out.visitLdcInsn(value);
        }
    }
}
