package racepipe.statics.internal.wala;

import com.ibm.wala.classLoader.IClass;
import com.ibm.wala.classLoader.IField;
import com.ibm.wala.ipa.callgraph.CGNode;
import com.ibm.wala.ipa.callgraph.propagation.InstanceKey;
import com.ibm.wala.ssa.IR;
import com.ibm.wala.ssa.SSAAbstractInvokeInstruction;
import com.ibm.wala.ssa.SSACheckCastInstruction;
import com.ibm.wala.ssa.SSAGetInstruction;
import com.ibm.wala.ssa.SSAInstruction;
import com.ibm.wala.ssa.SSALoadMetadataInstruction;
import com.ibm.wala.ssa.SSAMonitorInstruction;
import com.ibm.wala.ssa.SymbolTable;
import com.ibm.wala.types.ClassLoaderReference;
import com.ibm.wala.types.TypeReference;
import com.ibm.wala.util.intset.OrdinalSet;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import racepipe.statics.internal.model.LockId;

/**
 * Names a value by an access path that surely denotes one runtime object: {@code V3} (the
 * local), {@code V1.pkg/C.f} (final fields from it), {@code S:pkg/C.f} (static final),
 * {@code C:pkg/C} (a class object). A lock value also gets {@code O:n} when its only abstract
 * object is allocated once. Also tells which instructions acquire or release a lock.
 */
final class LockPaths {
    private static final TypeReference LOCK = TypeReference.findOrCreate(ClassLoaderReference.Primordial,
            "Ljava/util/concurrent/locks/Lock");
    private static final TypeReference RW_LOCK = TypeReference.findOrCreate(ClassLoaderReference.Primordial,
            "Ljava/util/concurrent/locks/ReadWriteLock");
    private static final String READ_LOCK_CLASS = "Ljava/util/concurrent/locks/ReentrantReadWriteLock$ReadLock";
    private static final String STAMPED = "Ljava/util/concurrent/locks/StampedLock";

    record Op(boolean acquire, Set<LockId> locks) {
    }

    private final WalaProgram p;
    private final ExecCount ex;
    private final IClass lockIface;
    private final IClass rwIface;
    private final Map<CGNode, Map<Integer, String>> memo = new HashMap<>();

    LockPaths(WalaProgram p, ExecCount ex) {
        this.p = p;
        this.ex = ex;
        this.lockIface = p.cha.lookupClass(LOCK);
        this.rwIface = p.cha.lookupClass(RW_LOCK);
    }

    String path(CGNode n, int v) {
        Map<Integer, String> m = memo.computeIfAbsent(n, x -> new HashMap<>());
        String s = m.get(v);
        if (s == null) {
            s = compute(n, v);
            m.put(v, s);
        }
        return s;
    }

    private String compute(CGNode n, int v) {
        IR ir = n.getIR();
        SymbolTable st = ir.getSymbolTable();
        if (v <= ir.getNumberOfParameters()) {
            return "V" + v;
        }
        if (st.isStringConstant(v)) {
            return "K:" + st.getStringValue(v);
        }
        SSAInstruction def = n.getDU().getDef(v);
        if (def instanceof SSAGetInstruction g) {
            IField f = p.field(g.getDeclaredField());
            if (f != null && f.isFinal()) {
                String fn = fieldName(f);
                return g.isStatic() ? "S:" + fn : path(n, g.getRef()) + "." + fn;
            }
        } else if (def instanceof SSACheckCastInstruction c) {
            return path(n, c.getUse(0));
        } else if (def instanceof SSALoadMetadataInstruction md && md.getToken() instanceof TypeReference t) {
            return "C:" + WalaProgram.internalName(t);
        }
        return "V" + v;
    }

    static String fieldName(IField f) {
        return WalaProgram.internalName(f.getDeclaringClass().getReference()) + "." + f.getName();
    }

    /** The monitor identities of value v: its path, and the abstract object if allocated once. */
    Set<LockId> locks(CGNode n, int v, boolean shared) {
        return locks(n, v, shared, false);
    }

    /**
     * The lock identities of value v: its path, and the abstract object if allocated once; {@code juc}:
     * the java.util.concurrent lock taken by lock() on v, never v's monitor.
     */
    Set<LockId> locks(CGNode n, int v, boolean shared, boolean juc) {
        Set<LockId> out = new LinkedHashSet<>();
        out.add(new LockId(path(n, v), shared, juc));
        OrdinalSet<InstanceKey> pts = p.pts(n, v);
        if (pts.size() == 1) {
            InstanceKey ik = pts.iterator().next();
            if (ex.onceAlloc(ik)) {
                out.add(new LockId("O:" + p.index(ik), shared, juc));
            }
        }
        return out;
    }

    /**
     * A global name of the object at path (of n's values) when its root value surely is one
     * runtime object (its only abstract object is allocated once): {@code O:n.f.g}, the final
     * fields followed from there. Null otherwise.
     */
    String global(CGNode n, String path) {
        if (!path.startsWith("V")) {
            return path;
        }
        int dot = path.indexOf('.');
        int v;
        try {
            v = Integer.parseInt(dot < 0 ? path.substring(1) : path.substring(1, dot));
        } catch (NumberFormatException e) {
            return null;
        }
        OrdinalSet<InstanceKey> pts = p.pts(n, v);
        if (pts.size() != 1) {
            return null;
        }
        InstanceKey ik = pts.iterator().next();
        return ex.onceAlloc(ik) ? "O:" + p.index(ik) + (dot < 0 ? "" : path.substring(dot)) : null;
    }

    /** The lock this instruction acquires or releases, or null. */
    Op op(CGNode n, SSAInstruction i) {
        if (i instanceof SSAMonitorInstruction m) {
            return new Op(m.isMonitorEnter(), locks(n, m.getRef(), false));
        }
        if (i instanceof SSAAbstractInvokeInstruction call && isStampedCall(call)) {
            return stampedOp(n, call);
        }
        if (!(i instanceof SSAAbstractInvokeInstruction call) || !isLockCall(call)) {
            return null;
        }
        String name = call.getDeclaredTarget().getName().toString();
        boolean acquire = name.equals("lock") || name.equals("lockInterruptibly");
        if (!(acquire || name.equals("unlock")) || !call.getDeclaredTarget().getDescriptor().toString().equals("()V")) {
            return null;
        }
        return new Op(acquire, lockOf(n, call));
    }

    /**
     * The lock a {@code Lock.tryLock()} or {@code tryLock(long, TimeUnit)} call takes when it
     * returns true, or null for any other instruction.
     */
    Set<LockId> tryAcquire(CGNode n, SSAInstruction i) {
        if (!(i instanceof SSAAbstractInvokeInstruction call) || !isLockCall(call)
                || !call.getDeclaredTarget().getName().toString().equals("tryLock")
                || !call.getDeclaredTarget().getReturnType().equals(TypeReference.Boolean)) {
            return null;
        }
        return lockOf(n, call);
    }

    /**
     * A StampedLock used through its stamps: writeLock / readLock (and their interruptible forms)
     * take it in exclusive / shared mode, unlockWrite / unlockRead release that mode, unlock(stamp)
     * either. The try forms and conversions return a stamp that may be 0 (nothing taken): never
     * counted as held (sound: fewer locks, more pairs). Its views (asWriteLock, asReadLock) are
     * the same lock, as a read-write lock's (see {@link #lockOf}).
     */
    private Op stampedOp(CGNode n, SSAAbstractInvokeInstruction call) {
        String name = call.getDeclaredTarget().getName().toString();
        int r = call.getReceiver();
        return switch (name) {
            case "writeLock", "writeLockInterruptibly" -> new Op(true, locks(n, r, false, true));
            case "readLock", "readLockInterruptibly" -> new Op(true, locks(n, r, true, true));
            case "unlockWrite" -> new Op(false, locks(n, r, false, true));
            case "unlockRead" -> new Op(false, locks(n, r, true, true));
            case "unlock" -> {
                Set<LockId> both = new java.util.HashSet<>(locks(n, r, false, true));
                both.addAll(locks(n, r, true, true));
                yield new Op(false, both);
            }
            default -> null;
        };
    }

    private static boolean isStampedCall(SSAAbstractInvokeInstruction call) {
        return !call.isStatic() && call.getDeclaredTarget().getDeclaringClass().getName().toString().equals(STAMPED);
    }

    private boolean isLockCall(SSAAbstractInvokeInstruction call) {
        if (call.isStatic() || lockIface == null) {
            return false;
        }
        IClass k = p.cha.lookupClass(call.getDeclaredTarget().getDeclaringClass());
        return k != null && (k.equals(lockIface) || p.cha.implementsInterface(k, lockIface));
    }

    private Set<LockId> lockOf(CGNode n, SSAAbstractInvokeInstruction call) {
        int r = call.getReceiver();
        SSAInstruction def = n.getDU().getDef(r);
        if (def instanceof SSAAbstractInvokeInstruction get && !get.isStatic() && isRwGetter(get)) {
            String getter = get.getDeclaredTarget().getName().toString();
            boolean shared = getter.equals("readLock") || getter.equals("asReadLock");
            return locks(n, get.getReceiver(), shared, true);
        }
        boolean shared = true;
        OrdinalSet<InstanceKey> pts = p.pts(n, r);
        for (InstanceKey ik : pts) {
            shared &= ik.getConcreteType().getName().toString().equals(READ_LOCK_CLASS);
        }
        return locks(n, r, shared && !pts.isEmpty(), true);
    }

    private boolean isRwGetter(SSAAbstractInvokeInstruction get) {
        String name = get.getDeclaredTarget().getName().toString();
        if (isStampedCall(get)) {
            return name.equals("asWriteLock") || name.equals("asReadLock");
        }
        if (!name.equals("readLock") && !name.equals("writeLock") || rwIface == null) {
            return false;
        }
        IClass k = p.cha.lookupClass(get.getDeclaredTarget().getDeclaringClass());
        return k != null && (k.equals(rwIface) || p.cha.implementsInterface(k, rwIface));
    }
}
