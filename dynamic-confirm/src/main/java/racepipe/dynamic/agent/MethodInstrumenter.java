package racepipe.dynamic.agent;

import java.util.Map;
import java.util.Set;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import racepipe.contract.AtomicCells;
import racepipe.contract.SiteKey;
import racepipe.contract.WatchedLibrary;
import racepipe.dynamic.runtime.LibCalls;
import racepipe.dynamic.runtime.Sites;

/**
 * Rewrites one method: field and array accesses, monitors, wait/notify, thread start/join,
 * sleep/yield, java.util.concurrent locks and synchronisers, executor hand-offs, System.exit and Runtime.exit/halt
 * become calls to the runtime bridge. This class decides what to instrument and registers the
 * sites; CallReplacements says which bridge method replaces a call, BridgeCode writes the code.
 * It sits behind an InstructionCounter, which gives each original instruction's bci.
 */
final class MethodInstrumenter extends MethodVisitor implements Opcodes {
    private static final int NOT_WATCHED = Integer.MIN_VALUE;

    private final InstructionCounter counter;
    private final CallReplacements calls;
    private final BridgeCode code;
    private final String owner;
    private final String name;
    private final String desc;
    private final String source;
    private final ClassHierarchy hierarchy;
    private final SiteFilter filter;
    private final boolean synchronizedMethod;
    private final boolean isStatic;
    private final boolean frames;
    private final boolean library; // a watched JDK collection class (WatchedLibrary): fields, arrays and monitors only
    private final boolean dependency; // a class of the program's dependencies: its accesses count at the application's calls
    private int line = -1;
    private int freeLocal = -1; // the method's max_locals: the first local a rewrite may add (-1: unknown)
    private int firstLine = -1; // the line of the method's first instruction: a synchronized method's monitor's line
    private Map<Integer, String> arrayNames = Map.of(); // by bytecode offset (ArrayOwners)
    private boolean beforeSuper; // in a constructor, before this() or super(): `this` is uninitialised
    private int pendingNews;
    private final Label bodyStart = new Label();
    private Map<Integer, AtomicBlocks.Op> atomicOps = Map.of(); // by bytecode offset: the method is an atomic block

    /** The method's shape: owner class, access flags, name, descriptor, source file; flags of the rewrite. */
    record Method(String owner, int access, String name, String desc, String source, boolean synchronizedMethod,
                  boolean frames, boolean library, boolean dependency) {
        Method(String owner, int access, String name, String desc, String source, boolean synchronizedMethod,
               boolean frames, boolean library) {
            this(owner, access, name, desc, source, synchronizedMethod, frames, library, false);
        }
    }

    MethodInstrumenter(MethodVisitor next, InstructionCounter counter, CallReplacements calls, Method m,
                       ClassHierarchy hierarchy, SiteFilter filter) {
        super(ASM9, next);
        this.counter = counter;
        this.calls = calls;
        this.owner = m.owner();
        this.name = m.name();
        this.desc = m.desc();
        this.source = m.source();
        this.hierarchy = hierarchy;
        this.filter = filter;
        this.synchronizedMethod = m.synchronizedMethod();
        this.isStatic = (m.access() & ACC_STATIC) != 0;
        this.frames = m.frames();
        this.library = m.library();
        this.dependency = m.dependency();
        this.code = new BridgeCode(next, library);
        this.beforeSuper = name.equals("<init>");
    }

    /** The line of the method's first instruction, where a synchronized method takes its monitor. */
    void firstLine(int line) {
        this.firstLine = line;
    }

    /** The arrays' names by the offset of their element accesses (ArrayOwners); the element type where none. */
    void arrayNames(Map<Integer, String> names) {
        this.arrayNames = names;
    }

    /** The method is an atomic block with these operations (AtomicBlocks), by bytecode offset. */
    void atomicOps(Map<Integer, AtomicBlocks.Op> ops) {
        this.atomicOps = ops;
    }

    /** The operation's id at bci, registered with its site; -1 when bci is none. */
    private int atomicOp(int bci, String variable, int slot) {
        AtomicBlocks.Op op = atomicOps.get(bci);
        if (op == null) {
            return -1;
        }
        int site = Sites.register(owner, name, desc, bci, source, line, variable, op.kind() != AtomicBlocks.READ, Math.max(slot, -1));
        return racepipe.dynamic.runtime.AtomicOps.register(site, op.kind(), slot, block, op.concurrentCheck());
    }

    private int block = -1;

    /** The method's max_locals, so that a rewrite may keep values in locals of its own. */
    void freeLocal(int maxLocals) {
        this.freeLocal = maxLocals;
    }

    @Override
    public void visitCode() {
        super.visitCode();
        if (!atomicOps.isEmpty()) {
            block = racepipe.dynamic.runtime.AtomicOps.block();
            code.atomicEnter(block);
        }
        if (synchronizedMethod) {
            // the note that the monitor is held comes inside the body's handler range: see MonitorNotePlacement
            if (firstLine > 0) { // the monitor is taken at the first line: a thread blocked on it shows that line in its stack
                Label entry = new Label();
                super.visitLabel(entry);
                super.visitLineNumber(firstLine, entry);
            }
            code.acquireSite(methodMonitorSite());
            pushMethodLock();
            code.enterMonitorKeepingLock();
            super.visitLabel(bodyStart);
            code.entered();
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

    @Override
    public void visitMaxs(int maxStack, int maxLocals) {
        if (synchronizedMethod) { // a throw out of the body releases the method's monitor too
            Label end = new Label();
            Label handler = new Label();
            super.visitLabel(end);
            super.visitTryCatchBlock(bodyStart, end, handler, null);
            super.visitLabel(handler);
            if (frames) {
                Object[] locals = isStatic ? new Object[0] : new Object[] {owner};
                super.visitFrame(F_NEW, locals.length, locals, 1, new Object[] {"java/lang/Throwable"});
            }
            // nothing that may throw while the monitor is held outside a catch-all: see MonitorNotePlacement
            pushMethodLock();
            code.exitMonitorNotingAfter();
            super.visitInsn(ATHROW);
        }
        super.visitMaxs(maxStack, maxLocals);
    }

    // ---- instructions

    @Override
    public void visitInsn(int opcode) {
        int bci = counter.bci();
        if (opcode >= IALOAD && opcode <= SALOAD) {
            int site = site(bci, arrayNames.getOrDefault(bci, arrayVariable(opcode)), false, -1);
            if (site == NOT_WATCHED) {
                super.visitInsn(opcode);
            } else {
                code.arrayLoad(opcode, site);
            }
        } else if (opcode >= IASTORE && opcode <= SASTORE) {
            int site = site(bci, arrayNames.getOrDefault(bci, arrayVariable(opcode)), true, -1);
            if (site == NOT_WATCHED) {
                super.visitInsn(opcode);
            } else {
                code.arrayStore(opcode, site);
            }
        } else if (opcode == MONITORENTER) {
            int op = atomicOp(bci, "monitor", racepipe.dynamic.runtime.AtomicOps.MONITOR);
            if (op >= 0) {
                super.visitInsn(DUP);
                code.atomicOp(op);
            }
            code.acquireSite(acquireSite(counter.bci()));
            code.enterMonitor();
        } else if (opcode == MONITOREXIT) {
            code.exitMonitor();
        } else if (synchronizedMethod && opcode >= IRETURN && opcode <= RETURN) {
            pushMethodLock();
            code.exitMonitor();
            super.visitInsn(opcode);
        } else {
            super.visitInsn(opcode);
        }
    }

    @Override
    public void visitFieldInsn(int opcode, String fowner, String fname, String fdesc) {
        int bci = counter.bci();
        ClassHierarchy.FieldRef ref = hierarchy.field(fowner, fname);
        boolean isStaticAccess = opcode == GETSTATIC || opcode == PUTSTATIC;
        boolean write = opcode == PUTFIELD || opcode == PUTSTATIC;
        if (ref.isFinal() || (beforeSuper && !isStaticAccess) || name.equals("<clinit>")) {
            super.visitFieldInsn(opcode, fowner, fname, fdesc);
            return;
        }
        String variable = ref.owner().replace('/', '.') + "." + fname;
        int field = Sites.field(ref.owner(), fname);
        int op = ref.isVolatile() ? atomicOp(bci, variable, field) : -1;
        if (op >= 0) {
            if (isStaticAccess) {
                super.visitInsn(ACONST_NULL);
                code.atomicOp(op);
            } else if (write) {
                code.atomicOpUnderValue(fdesc.equals("J") || fdesc.equals("D"), op);
            } else {
                super.visitInsn(DUP);
                code.atomicOp(op);
            }
        }
        if (library && ref.isVolatile()) {
            super.visitFieldInsn(opcode, fowner, fname, fdesc);
        } else if (ref.isVolatile()) {
            code.volatileField(opcode, fowner, fname, fdesc,
                    Sites.register(owner, name, desc, bci, source, line, variable, write, field));
        } else {
            int site = site(bci, variable, write, field);
            if (site == NOT_WATCHED) {
                super.visitFieldInsn(opcode, fowner, fname, fdesc);
            } else {
                code.field(opcode, fowner, fname, fdesc, site);
            }
        }
    }

    @Override
    public void visitTypeInsn(int opcode, String type) {
        if (opcode == NEW && beforeSuper) {
            pendingNews++; // its <init> is not this constructor's super() call
        }
        super.visitTypeInsn(opcode, type);
    }

    @Override
    public void visitMethodInsn(int opcode, String mowner, String mname, String mdesc, boolean itf) {
        int bci = counter.bci();
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
        if (atomicOps.containsKey(bci) && (opcode == INVOKESTATIC || freeLocal >= 0)) {
            String declarer = hierarchy.synchronizedDeclarer(mowner, mname, mdesc);
            int op = atomicOp(bci, (declarer != null ? declarer : mowner).replace('/', '.') + "." + mname + "()",
                    declarer != null ? racepipe.dynamic.runtime.AtomicOps.MONITOR : racepipe.dynamic.runtime.AtomicOps.OBJECT);
            if (opcode == INVOKESTATIC) {
                super.visitLdcInsn(Type.getObjectType(declarer != null ? declarer : mowner));
                code.atomicOp(op);
            } else {
                code.atomicOpOnReceiver(freeLocal, mdesc, op);
            }
        }
        CallReplacements.Bridge array = dependency ? null : CallReplacements.arrayOperation(opcode, mowner, mname, mdesc);
        if (array != null) {
            boolean write = WatchedLibrary.arrayOperation(mowner, mname) != WatchedLibrary.ArrayOperation.READ;
            int site = site(bci, WatchedLibrary.ARRAY_VARIABLE, write, -1);
            if (site == NOT_WATCHED) {
                super.visitMethodInsn(opcode, mowner, mname, mdesc, itf);
            } else {
                code.arrayOperation(array, site);
            }
            return;
        }
        String task = calls.taskArgument(opcode, mowner, mname, mdesc);
        CallReplacements.Bridge bridge = task == null ? calls.replacement(opcode, mowner, mname, mdesc) : null;
        if (task != null) {
            code.handOff(opcode, mowner, mname, mdesc, itf, task);
        } else if (bridge != null) {
            if (CallReplacements.isAcquire(bridge)) {
                code.acquireSite(acquireSite(bci));
            }
            code.invoke(bridge);
        } else if (!dependency && (WatchedLibrary.isCall(mowner, mname)
                || (!mname.equals("<init>") && hierarchy.leadsIntoDependency(mowner)))) {
            int site = callSite(bci, mowner, mname);
            Runnable call = new Runnable() { // a class, not a lambda: see CallReplacements
                @Override
                public void run() {
                    code.libraryCall(site, opcode, mowner, mname, mdesc, itf);
                }
            };
            if (!syncCall(opcode, mowner, mname, mdesc, call)) {
                call.run();
            }
        } else {
            MethodVisitor next = mv;
            Runnable call = new Runnable() {
                @Override
                public void run() {
                    next.visitMethodInsn(opcode, mowner, mname, mdesc, itf);
                }
            };
            if (AtomicCells.namesField(mowner, mname) && freeLocal >= 0 && !beforeSuper) {
                code.namedCell(freeLocal, opcode == INVOKESTATIC, mdesc, call);
            } else if (!syncCall(opcode, mowner, mname, mdesc, call)) {
                call.run();
            }
        }
    }

    /** Interfaces of java.util whose receiver may be a concurrent collection: its class decides at run time. */
    private static final java.util.Set<String> MAYBE_CONCURRENT = java.util.Set.of("java/util/Map", "java/util/Collection",
            "java/util/List", "java/util/Set", "java/util/Queue", "java/util/Deque", "java/util/SortedMap",
            "java/util/NavigableMap", "java/util/SortedSet", "java/util/NavigableSet");

    /**
     * A call on an atomic, a VarHandle or a concurrent collection (WatchedLibrary.syncKind), or on
     * an interface of java.util whose receiver may be one: emitted by {@code call} with
     * happens-before's edges around it; false when the call is none of these (or its locals are
     * unknown, or this is before super()).
     */
    private boolean syncCall(int opcode, String mowner, String mname, String mdesc, Runnable call) {
        if (freeLocal < 0 || beforeSuper || (opcode != INVOKEVIRTUAL && opcode != INVOKEINTERFACE)) {
            return false;
        }
        boolean check = MAYBE_CONCURRENT.contains(mowner);
        WatchedLibrary.SyncKind kind = WatchedLibrary.syncKind(check ? "java/util/concurrent/ConcurrentMap" : mowner, mname);
        AtomicCells.Mode cell = check ? null : AtomicCells.mode(mowner, mname);
        if (kind == null && cell == null) {
            return false;
        }
        int site = cell == null || !filter.watches(owner, name, desc, counter.bci()) ? -1
                : Sites.register(owner, name, desc, counter.bci(), source, line, WatchedLibrary.callVariable(mowner, mname),
                cell != AtomicCells.Mode.READ, -1);
        boolean collection = kind != null && (check || WatchedLibrary.isConcurrentCollection(mowner));
        code.syncCall(freeLocal, kind != null && kind != WatchedLibrary.SyncKind.ACQUIRE,
                kind != null && kind != WatchedLibrary.SyncKind.RELEASE, check, cell, site, mdesc, call,
                collection, WatchedLibrary.storesArguments(mname), WatchedLibrary.storesResult(mname));
        return true;
    }

    /**
     * A call into java.util or into a dependency: every one is marked, so library code knows it
     * runs for the program and at which call its accesses count. A dependency's own calls are
     * library code calling library code: not marked.
     */
    private int callSite(int bci, String mowner, String mname) {
        if (!filter.watches(owner, name, desc, bci)) {
            return LibCalls.UNWATCHED;
        }
        return Sites.register(owner, name, desc, bci, source, line, WatchedLibrary.callVariable(mowner, mname), false, -1);
    }

    // ---- helpers

    /**
     * An acquire's site (a monitorenter, a Lock's lock or tryLock, a StampedLock's write lock), for
     * the lock-order detector and DeadlockFuzzer: registered whatever this run watches, since a
     * lock cycle's sites are synchronisation, which is always instrumented.
     */
    private int acquireSite(int bci) {
        return library || dependency ? -1 : Sites.register(owner, name, desc, bci, source, line, "lock", false, -1);
    }

    /**
     * The acquire site of a synchronized method's own monitor: the method at offset -1 (no
     * instruction takes it), at the line of its first instruction; a lock cycle through a
     * synchronized method names it and DeadlockFuzzer pauses at it like at a monitorenter.
     */
    private int methodMonitorSite() {
        return library || dependency ? -1 : Sites.register(owner, name, desc, SiteKey.METHOD_MONITOR, source, firstLine, "lock", false, -1);
    }

    /**
     * Registers the access site, or returns NOT_WATCHED when this run does not watch it. Inside
     * a collection class the access has no site of its own (negative: it carries its field).
     * Inside a dependency it is registered (its frame is reported with the call it counts at)
     * and always instrumented, negative too: it counts at the application's call, whichever
     * call this run watches.
     */
    private int site(int bci, String variable, boolean write, int field) {
        if (library) {
            return field >= 0 ? Sites.libraryField(field) : Sites.LIBRARY_ELEMENT;
        }
        if (dependency) {
            return Sites.dependency(Sites.register(owner, name, desc, bci, source, line, variable, write, field));
        }
        if (!filter.watches(owner, name, desc, bci)) {
            return NOT_WATCHED;
        }
        return Sites.register(owner, name, desc, bci, source, line, variable, write, field);
    }

    /** The variable an array access names: its element type. */
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
}
