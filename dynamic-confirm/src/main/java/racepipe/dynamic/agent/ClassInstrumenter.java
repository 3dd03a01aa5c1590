package racepipe.dynamic.agent;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodNode;
import racepipe.contract.WatchedLibrary;

/**
 * Instruments every method of one class. Synchronized methods lose their flag and get an
 * explicit monitor instead, so the scheduler sees the acquire before it blocks. Each method is
 * instrumented on its own copy: a method the rewrite fails on, or one named in {@code leaveAlone}
 * (too large once instrumented), is written as it was and listed in {@link #skipped}, and the
 * rest of the class is instrumented all the same.
 */
final class ClassInstrumenter extends ClassVisitor implements Opcodes {
    private static final int[] NO_CODE = new int[0];
    private final Map<String, int[]> offsets; // per method name + descriptor
    private Map<String, Integer> maxLocals = Map.of(); // per method, when the class may call an atomic or a concurrent collection
    private final ClassHierarchy hierarchy;
    private final CallReplacements calls;
    private final SiteFilter filter;
    private String owner;
    private String source = "?";
    private boolean frames;
    private boolean isInterface;
    private boolean library;
    private final boolean dependency;
    private Set<String> leaveAlone = Set.of(); // name + descriptor
    private AtomicBlocks atomic = AtomicBlocks.NONE;

    /** Which methods are atomic blocks (the agent's atomic= option). */
    ClassInstrumenter atomic(AtomicBlocks blocks) {
        this.atomic = blocks;
        return this;
    }
    private final List<Skipped> skipped = new ArrayList<>();

    /** A method written as it was, and why. */
    record Skipped(String method, String desc, String reason) {
    }

    /** Methods (name + descriptor) to write as they are. */
    ClassInstrumenter leaveAlone(Set<String> methods) {
        this.leaveAlone = methods;
        return this;
    }

    /** The methods written as they were, after the class was visited. */
    List<Skipped> skipped() {
        return skipped;
    }

    /** The class file's max_locals per method: the first free local of each (see MethodInstrumenter.syncCall). */
    ClassInstrumenter maxLocals(Map<String, Integer> maxLocals) {
        this.maxLocals = maxLocals;
        return this;
    }

    ClassInstrumenter(ClassVisitor next, Map<String, int[]> offsets, ClassHierarchy hierarchy, SiteFilter filter,
                      boolean dependency) {
        super(ASM9, next);
        this.dependency = dependency;
        this.offsets = offsets;
        this.hierarchy = hierarchy;
        this.calls = new CallReplacements(hierarchy);
        this.filter = filter;
    }

    @Override
    public void visit(int version, int access, String name, String sig, String superName, String[] interfaces) {
        this.owner = name;
        this.frames = (version & 0xFFFF) >= V1_6;
        this.isInterface = (access & ACC_INTERFACE) != 0;
        this.library = WatchedLibrary.isWatched(name);
        super.visit(version, access, name, sig, superName, interfaces);
    }

    @Override
    public void visitSource(String source, String debug) {
        if (source != null) {
            this.source = source;
        }
        super.visitSource(source, debug);
    }

    @Override
    public MethodVisitor visitMethod(int access, String name, String desc, String sig, String[] exceptions) {
        if ((access & (ACC_NATIVE | ACC_ABSTRACT)) != 0) {
            return super.visitMethod(access, name, desc, sig, exceptions);
        }
        return new MethodNode(ASM9, access, name, desc, sig, exceptions) {
            @Override
            public void visitEnd() {
                write(this);
            }
        };
    }

    /** The method instrumented, or as it was when it cannot be. */
    private void write(MethodNode original) {
        String key = original.name + original.desc;
        if (leaveAlone.contains(key)) {
            skipped.add(new Skipped(original.name, original.desc, "too large to instrument (64 KB code limit)"));
        } else {
            MethodNode out;
            try {
                out = instrumented(original);
            } catch (RuntimeException | LinkageError e) {
                out = null;
                skipped.add(new Skipped(original.name, original.desc, String.valueOf(e)));
            }
            if (out != null) {
                out.accept(cv);
                return;
            }
        }
        original.accept(cv);
    }

    private static int firstLine(MethodNode m) {
        for (var insn : m.instructions) {
            if (insn instanceof LineNumberNode ln) {
                return ln.line;
            }
        }
        return -1;
    }

    private MethodNode instrumented(MethodNode original) {
        int access = original.access;
        String name = original.name;
        String desc = original.desc;
        // a JDK class is retransformed, which may not change modifiers: its synchronized methods stay as they are
        boolean sync = (access & ACC_SYNCHRONIZED) != 0 && !isInterface && !library;
        MethodNode out = new MethodNode(ASM9, sync ? access & ~ACC_SYNCHRONIZED : access, name, desc, original.signature,
                original.exceptions.toArray(new String[0]));
        int[] bcis = offsets.getOrDefault(name + desc, NO_CODE);
        InstructionCounter counter = new InstructionCounter(bcis);
        MethodInstrumenter.Method m = new MethodInstrumenter.Method(owner, access, name, desc, source, sync, frames, library,
                dependency);
        MethodInstrumenter mi = new MethodInstrumenter(new MonitorNotePlacement(out), counter, calls, m, hierarchy, filter);
        if (sync) {
            mi.firstLine(firstLine(original));
        }
        Integer locals = maxLocals.get(name + desc);
        if (locals != null && !library) {
            mi.freeLocal(locals);
        }
        if (!library) {
            mi.arrayNames(ArrayOwners.of(owner, original, bcis));
            if (!dependency) {
                mi.atomicOps(atomic.operations(owner, original, bcis, hierarchy));
            }
        }
        original.accept(counter.into(mi));
        return out;
    }
}
