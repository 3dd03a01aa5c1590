package racepipe.dynamic.agent;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.Label;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;

/**
 * Places the runtime's monitor notes of a synchronized block where the JIT accepts them: the
 * "entered" note inside the block's catch-all range (not between the {@code monitorenter} and
 * the range's start), and, in the catch-all handler that releases the monitor on the way out of
 * an exception, the "exit" note after the handler's own range (after the {@code monitorexit}, not
 * before it).
 * <p>Why: HotSpot compiles a method only when nothing that may throw while a monitor is held is
 * outside a catch-all handler (-Xlog:monitormismatch: "non-empty monitor stack at exceptional
 * exit"), and C1 refuses a handler whose own range holds a call ("exception handler covers
 * itself"); javac's code keeps both rules, a call placed as the bridge places it breaks one, and
 * the whole method then runs in the interpreter: a hot loop in a method with a synchronized
 * block ran 10x slower under the agent. So on an exception's way out, the release is noted just
 * after the monitor is given up rather than just before (a thread that takes the monitor in
 * between is noted first: a window only exceptional exits have).
 * <p>How: the note goes at a label of its own, and the range moves to that label. The entered
 * note gets a new label just before the range's start label, which becomes the range's start; the
 * exit note a new label just before the end of the handler's own range, which becomes its end.
 * The original labels stay where they were, after the note: a range's first instruction is often
 * a loop head (javac's {@code synchronized (l) { while (!ready) l.wait(); }}), whose frame and
 * branches then skip the note, and the lock the note takes off the operand stack is never held
 * across a frame. The ranges are moved in the method's tree once the method is written
 * ({@link #visitMaxs}). Sits between {@link MethodInstrumenter} and the method's tree.
 */
final class MonitorNotePlacement extends EachInstruction {
    private final MethodNode target;
    private final Set<Label> catchAllStarts = new HashSet<>();
    private final Map<Label, Label> selfCovering = new HashMap<>(); // a catch-all handler covering itself: start -> end
    private final Map<Label, Label> movedStarts = new HashMap<>(); // a catch-all range's start -> the entered note's label
    private final Map<Label, Label> movedEnds = new HashMap<>();   // a handler's own range's end -> the exit note's label
    private Label inHandlerUntil;     // inside such a handler's own range, which ends here
    private boolean afterEnter;       // the last instruction was a monitorenter
    private String held;              // the note's call, held back until its label
    private String heldDesc;

    MonitorNotePlacement(MethodNode target) {
        super(target);
        this.target = target;
    }

    @Override
    void beforeInstruction() {
        release();
    }

    static boolean isExit(int opcode, String owner, String name) {
        return opcode == Opcodes.INVOKESTATIC && owner.equals(CallReplacements.RT)
                && (name.equals("monitorExit") || name.equals("libMonitorExit"));
    }

    static boolean isEntered(int opcode, String owner, String name) {
        return opcode == Opcodes.INVOKESTATIC && owner.equals(CallReplacements.RT)
                && (name.equals("monitorEntered") || name.equals("libMonitorEntered"));
    }

    private void release() {
        if (held != null) {
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, CallReplacements.RT, held, heldDesc, false);
            held = null;
        }
        afterEnter = false;
    }

    @Override
    public void visitTryCatchBlock(Label start, Label end, Label handler, String type) {
        if (type == null) {
            catchAllStarts.add(start);
            if (start == handler) {
                selfCovering.put(start, end);
            }
        }
        super.visitTryCatchBlock(start, end, handler, type);
    }

    @Override
    public void visitLabel(Label label) {
        boolean entered = held != null && held.endsWith("Entered") && catchAllStarts.contains(label);
        boolean exit = held != null && held.endsWith("Exit") && label == inHandlerUntil;
        if (label == inHandlerUntil) {
            inHandlerUntil = null;
        }
        if (entered || exit) {
            Label note = new Label();
            mv.visitLabel(note);
            (entered ? movedStarts : movedEnds).put(label, note);
        }
        release();
        super.visitLabel(label);
        Label end = selfCovering.get(label);
        if (end != null) {
            inHandlerUntil = end;
        }
    }

    @Override
    public void visitFrame(int type, int numLocal, Object[] local, int numStack, Object[] stack) {
        release();
        super.visitFrame(type, numLocal, local, numStack, stack);
    }

    @Override
    public void visitInsn(int opcode) {
        if (opcode == Opcodes.MONITOREXIT && held != null && held.endsWith("Exit") && inHandlerUntil != null) {
            mv.visitInsn(opcode); // the exit note waits for the end of the handler's range
            afterEnter = false;
            return;
        }
        super.visitInsn(opcode);
        afterEnter = opcode == Opcodes.MONITORENTER;
    }

    @Override
    public void visitMethodInsn(int opcode, String owner, String name, String desc, boolean itf) {
        if (afterEnter && isEntered(opcode, owner, name) || inHandlerUntil != null && held == null && isExit(opcode, owner, name)) {
            release();
            held = name;
            heldDesc = desc;
            return;
        }
        super.visitMethodInsn(opcode, owner, name, desc, itf);
    }

    @Override
    public void visitMaxs(int maxStack, int maxLocals) {
        release();
        super.visitMaxs(maxStack, maxLocals);
        for (TryCatchBlockNode t : target.tryCatchBlocks) {
            if (t.type != null) {
                continue;
            }
            Label end = t.start == t.handler ? moved(movedEnds, t.end) : null;
            Label start = moved(movedStarts, t.start);
            if (start != null) {
                t.start = node(start);
            }
            if (end != null) {
                t.end = node(end);
            }
        }
    }

    private static Label moved(Map<Label, Label> moves, LabelNode at) {
        for (Map.Entry<Label, Label> e : moves.entrySet()) {
            if (node(e.getKey()) == at) {
                return e.getValue();
            }
        }
        return null;
    }

    /** The tree's node of a label the tree has seen (MethodNode keeps it in the label's info). */
    private static LabelNode node(Label label) {
        return (LabelNode) label.info;
    }
}
