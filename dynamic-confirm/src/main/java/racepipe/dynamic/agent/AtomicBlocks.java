package racepipe.dynamic.agent;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import racepipe.contract.WatchedLibrary;

/**
 * The atomic-block rule: which methods racepipe takes as meant to be atomic, and which of their
 * instructions are the block's operations (the accesses an atomicity violation interleaves).
 * <p>An <em>operation</em> is an instruction that touches shared state through synchronisation:
 * a volatile field read or write; a {@code monitorenter}; a call of a synchronized method (its
 * receiver's monitor, or the class's for a static one); a call on an atomic or a
 * java.util.concurrent collection (a read when the call only observes, else a write). By
 * default a method is a block when two or more of its operations are of one group: the same
 * volatile field, monitors (any synchronized call or block), or atomics and concurrent
 * collections (which object each touches is only known at run time, where two operations pair
 * only on one address). So {@code if (pool.active() < max) pool.add()} with both methods
 * synchronized, {@code if (v == 0) v = v + 1} on a volatile, {@code map.get} then {@code map.put}
 * on a ConcurrentHashMap, and two {@code synchronized (lock)} sections in a row are blocks; the
 * operations of groups with only one member are not watched. A method named in the spec
 * ({@code CLASS#METHOD}) is a block with every operation it has. Constructors and class
 * initialisers are never blocks (their object or class is not shared yet).
 */
final class AtomicBlocks {
    /** An operation's kind, as the runtime pairs it: conflicting when one is a write or both a lock. */
    static final int READ = 0;
    static final int WRITE = 1;
    static final int LOCK = 2;

    /** One operation: its kind, and for a call on a java.util interface that the receiver must be a concurrent one. */
    record Op(int kind, boolean concurrentCheck) {
    }

    private static final Set<String> MAYBE_CONCURRENT = Set.of("java/util/Map", "java/util/Collection",
            "java/util/List", "java/util/Set", "java/util/Queue", "java/util/Deque", "java/util/SortedMap",
            "java/util/NavigableMap", "java/util/SortedSet", "java/util/NavigableSet");

    private final boolean byDefault;
    private final Set<String> named; // "pkg.Class#method"

    private AtomicBlocks(boolean byDefault, Set<String> named) {
        this.byDefault = byDefault;
        this.named = named;
    }

    /** No block anywhere (the agent's {@code atomic=} option absent). */
    static final AtomicBlocks NONE = new AtomicBlocks(false, Set.of());

    /** From the agent's {@code atomic=} option: {@code default} and {@code CLASS#METHOD} entries, comma-separated. */
    static AtomicBlocks of(List<String> entries) {
        boolean dflt = false;
        Set<String> named = new java.util.HashSet<>();
        for (String e : entries) {
            if (e.equals("default")) {
                dflt = true;
            } else if (e.contains("#")) {
                named.add(e.trim());
            }
        }
        return new AtomicBlocks(dflt, named);
    }

    boolean any() {
        return byDefault || !named.isEmpty();
    }

    /** The method's operations by bytecode offset; empty when it is no block. */
    Map<Integer, Op> operations(String owner, MethodNode m, int[] offsets, ClassHierarchy hierarchy) {
        if (!any() || m.name.equals("<init>") || m.name.equals("<clinit>")) {
            return Map.of();
        }
        boolean isNamed = named.contains(owner.replace('/', '.') + "#" + m.name);
        if (!byDefault && !isNamed) {
            return Map.of();
        }
        Map<Integer, Op> ops = new HashMap<>();
        Map<Integer, String> groups = new HashMap<>();
        Map<String, Integer> sizes = new HashMap<>();
        int insn = 0;
        for (AbstractInsnNode n : m.instructions) {
            if (n.getOpcode() < 0) {
                continue;
            }
            int bci = insn < offsets.length ? offsets[insn] : -1;
            insn++;
            String group = null;
            Op op = null;
            if (n instanceof FieldInsnNode f) {
                ClassHierarchy.FieldRef ref = hierarchy.field(f.owner, f.name);
                if (ref.isVolatile() && !ref.isFinal()) {
                    group = "field " + ref.owner() + "." + f.name;
                    boolean write = f.getOpcode() == Opcodes.PUTFIELD || f.getOpcode() == Opcodes.PUTSTATIC;
                    op = new Op(write ? WRITE : READ, false);
                }
            } else if (n.getOpcode() == Opcodes.MONITORENTER) {
                group = "monitor";
                op = new Op(LOCK, false);
            } else if (n instanceof MethodInsnNode c && !c.name.equals("<init>")) {
                if (c.getOpcode() != Opcodes.INVOKESPECIAL && hierarchy.synchronizedDeclarer(c.owner, c.name, c.desc) != null) {
                    group = "monitor";
                    op = new Op(LOCK, false);
                } else if (c.getOpcode() == Opcodes.INVOKEVIRTUAL || c.getOpcode() == Opcodes.INVOKEINTERFACE) {
                    boolean check = MAYBE_CONCURRENT.contains(c.owner);
                    WatchedLibrary.SyncKind kind = WatchedLibrary.syncKind(
                            check ? "java/util/concurrent/ConcurrentMap" : c.owner, c.name);
                    if (kind != null && !c.owner.equals("java/lang/invoke/VarHandle")) {
                        group = "concurrent";
                        op = new Op(kind == WatchedLibrary.SyncKind.ACQUIRE ? READ : WRITE, check);
                    }
                }
            }
            if (op != null && bci >= 0) {
                ops.put(bci, op);
                groups.put(bci, group);
                sizes.merge(group, 1, Integer::sum);
            }
        }
        if (!isNamed) {
            ops.keySet().removeIf(bci -> sizes.get(groups.get(bci)) < 2);
        }
        return ops.size() < 2 && !isNamed ? Map.of() : ops;
    }
}
