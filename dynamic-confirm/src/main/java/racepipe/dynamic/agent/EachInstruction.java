package racepipe.dynamic.agent;

import org.objectweb.asm.Handle;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * A method visitor told before each instruction ({@link #beforeInstruction}), whatever its kind,
 * and passing it on: what {@link InstructionCounter} and {@link MonitorNotePlacement} share. A
 * subclass that overrides a visit and must not be told again passes the instruction to
 * {@code mv} itself.
 */
abstract class EachInstruction extends MethodVisitor {
    EachInstruction(MethodVisitor next) {
        super(Opcodes.ASM9, next);
    }

    /** Called before every instruction is passed on. */
    abstract void beforeInstruction();

    @Override
    public void visitInsn(int opcode) {
        beforeInstruction();
        super.visitInsn(opcode);
    }

    @Override
    public void visitIntInsn(int opcode, int operand) {
        beforeInstruction();
        super.visitIntInsn(opcode, operand);
    }

    @Override
    public void visitVarInsn(int opcode, int var) {
        beforeInstruction();
        super.visitVarInsn(opcode, var);
    }

    @Override
    public void visitTypeInsn(int opcode, String type) {
        beforeInstruction();
        super.visitTypeInsn(opcode, type);
    }

    @Override
    public void visitFieldInsn(int opcode, String owner, String name, String desc) {
        beforeInstruction();
        super.visitFieldInsn(opcode, owner, name, desc);
    }

    @Override
    public void visitMethodInsn(int opcode, String owner, String name, String desc, boolean itf) {
        beforeInstruction();
        super.visitMethodInsn(opcode, owner, name, desc, itf);
    }

    @Override
    public void visitInvokeDynamicInsn(String name, String desc, Handle bsm, Object... args) {
        beforeInstruction();
        super.visitInvokeDynamicInsn(name, desc, bsm, args);
    }

    @Override
    public void visitJumpInsn(int opcode, Label label) {
        beforeInstruction();
        super.visitJumpInsn(opcode, label);
    }

    @Override
    public void visitLdcInsn(Object value) {
        beforeInstruction();
        super.visitLdcInsn(value);
    }

    @Override
    public void visitIincInsn(int var, int increment) {
        beforeInstruction();
        super.visitIincInsn(var, increment);
    }

    @Override
    public void visitTableSwitchInsn(int min, int max, Label dflt, Label... labels) {
        beforeInstruction();
        super.visitTableSwitchInsn(min, max, dflt, labels);
    }

    @Override
    public void visitLookupSwitchInsn(Label dflt, int[] keys, Label[] labels) {
        beforeInstruction();
        super.visitLookupSwitchInsn(dflt, keys, labels);
    }

    @Override
    public void visitMultiANewArrayInsn(String desc, int dims) {
        beforeInstruction();
        super.visitMultiANewArrayInsn(desc, dims);
    }
}
