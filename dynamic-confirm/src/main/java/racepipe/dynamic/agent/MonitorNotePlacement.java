package racepipe.dynamic.agent;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Places the runtime's monitor notes of a synchronized block where the JIT accepts them: the
 * "entered" note after the label where the block's catch-all range begins (not between the
 * {@code monitorenter} and it), and, in the catch-all handler that releases the monitor on the
 * way out of an exception, the "exit" note after the handler's own range (after the
 * {@code monitorexit}, not before it).
 * <p>Why: HotSpot compiles a method only when nothing that may throw while a monitor is held is
 * outside a catch-all handler (-Xlog:monitormismatch: "non-empty monitor stack at exceptional
 * exit"), and C1 refuses a handler whose own range holds a call ("exception handler covers
 * itself"); javac's code keeps both rules, a call placed as the bridge places it breaks one, and
 * the whole method then runs in the interpreter: a hot loop in a method with a synchronized
 * block ran 10x slower under the agent. So on an exception's way out, the release is noted just
 * after the monitor is given up rather than just before (a thread that takes the monitor in
 * between is noted first: a window only exceptional exits have). The lock object stays on the
 * operand stack across the label, which javac never makes a branch target; if a frame comes
 * there all the same, instrumenting the class fails (it runs uninstrumented) rather than giving
 * the verifier a wrong frame. Sits between {@link MethodInstrumenter} and the writer.
 */
final class MonitorNotePlacement extends EachInstruction {
    private final Set<Label> handlerStarts = new HashSet<>();
    private final Map<Label, Label> selfCovering = new HashMap<>(); // a catch-all handler covering itself: start -> end
    private Label inHandlerUntil;     // inside such a handler's own range, which ends here
    private boolean afterEnter;       // the last instruction was a monitorenter
    private String held;              // the entered call's name, held back until the handler's label
    private String heldDesc;
    private boolean placedAtLabel;    // the held call was just placed after a handler's start label

    MonitorNotePlacement(MethodVisitor next) {
        super(next);
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
        placedAtLabel = false;
    }

    @Override
    public void visitTryCatchBlock(Label start, Label end, Label handler, String type) {
        if (type == null) {
            handlerStarts.add(start);
            if (start == handler) {
                selfCovering.put(start, end);
            }
        }
        super.visitTryCatchBlock(start, end, handler, type);
    }

    @Override
    public void visitLabel(Label label) {
        boolean placeAfter = held != null && (held.endsWith("Entered") ? handlerStarts.contains(label) : label == inHandlerUntil);
        if (label == inHandlerUntil) {
            inHandlerUntil = null;
        }
        if (placeAfter) {
            super.visitLabel(label);
            release();
            placedAtLabel = true;
        } else {
            release();
            super.visitLabel(label);
        }
        Label end = selfCovering.get(label);
        if (end != null) {
            inHandlerUntil = end;
        }
    }

    @Override
    public void visitFrame(int type, int numLocal, Object[] local, int numStack, Object[] stack) {
        if (placedAtLabel) {
            throw new IllegalStateException("a synchronized block's handler starts at a branch target");
        }
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
    }
}
