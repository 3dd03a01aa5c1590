package racepipe.dynamic.agent;

import java.util.Map;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import racepipe.contract.WatchedLibrary;

/**
 * Instruments every method of one class. Synchronized methods lose their flag and get an
 * explicit monitor instead, so the scheduler sees the acquire before it blocks.
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
        // a JDK class is retransformed, which may not change modifiers: its synchronized methods stay as they are
        boolean sync = (access & ACC_SYNCHRONIZED) != 0 && (access & (ACC_NATIVE | ACC_ABSTRACT)) == 0 && !isInterface
                && !library;
        MethodVisitor next = super.visitMethod(sync ? access & ~ACC_SYNCHRONIZED : access, name, desc, sig, exceptions);
        if ((access & (ACC_NATIVE | ACC_ABSTRACT)) != 0) {
            return next;
        }
        next = new MonitorNotePlacement(next);
        InstructionCounter counter = new InstructionCounter(offsets.getOrDefault(name + desc, NO_CODE));
        MethodInstrumenter.Method m = new MethodInstrumenter.Method(owner, access, name, desc, source, sync, frames, library,
                dependency);
        MethodInstrumenter mi = new MethodInstrumenter(next, counter, calls, m, hierarchy, filter);
        Integer locals = maxLocals.get(name + desc);
        if (locals != null && !library) {
            mi.freeLocal(locals);
        }
        return counter.into(mi);
    }
}
