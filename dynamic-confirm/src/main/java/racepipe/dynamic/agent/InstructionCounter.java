package racepipe.dynamic.agent;

import org.objectweb.asm.Handle;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Passes a method on, and tells the next visitor the bytecode offset of the instruction it is
 * visiting ({@link #bci()}): ASM does not, and a site key needs it. It must see the class file's
 * own instructions only, so it comes first in the chain, before anything that adds some.
 */
final class InstructionCounter extends MethodVisitor {
    private final int[] offsets; // of every instruction, in code order (contract BytecodeOffsets)
    private int insn;
    private int bci = -1;

    InstructionCounter(int[] offsets) {
        super(Opcodes.ASM9);
        this.offsets = offsets;
    }

    /** Chains the visitor that reads {@link #bci()}; returns this, the head of the chain. */
    InstructionCounter into(MethodVisitor next) {
        this.mv = next;
        return this;
    }

    /** The offset of the instruction being visited; -1 when the offsets ran out. */
    int bci() {
        return bci;
    }

    private void next() {
        bci = insn < offsets.length ? offsets[insn] : -1;
        insn++;
    }

    @Override
    public void visitInsn(int opcode) {
        next();
        super.visitInsn(opcode);
    }

    @Override
    public void visitIntInsn(int opcode, int operand) {
        next();
        super.visitIntInsn(opcode, operand);
    }

    @Override
    public void visitVarInsn(int opcode, int var) {
        next();
        super.visitVarInsn(opcode, var);
    }

    @Override
    public void visitTypeInsn(int opcode, String type) {
        next();
        super.visitTypeInsn(opcode, type);
    }

    @Override
    public void visitFieldInsn(int opcode, String owner, String name, String desc) {
        next();
        super.visitFieldInsn(opcode, owner, name, desc);
    }

    @Override
    public void visitMethodInsn(int opcode, String owner, String name, String desc, boolean itf) {
        next();
        super.visitMethodInsn(opcode, owner, name, desc, itf);
    }

    @Override
    public void visitInvokeDynamicInsn(String name, String desc, Handle bsm, Object... args) {
        next();
        super.visitInvokeDynamicInsn(name, desc, bsm, args);
    }

    @Override
    public void visitJumpInsn(int opcode, Label label) {
        next();
        super.visitJumpInsn(opcode, label);
    }

    @Override
    public void visitLdcInsn(Object value) {
        next();
        super.visitLdcInsn(value);
    }

    @Override
    public void visitIincInsn(int var, int increment) {
        next();
        super.visitIincInsn(var, increment);
    }

    @Override
    public void visitTableSwitchInsn(int min, int max, Label dflt, Label... labels) {
        next();
        super.visitTableSwitchInsn(min, max, dflt, labels);
    }

    @Override
    public void visitLookupSwitchInsn(Label dflt, int[] keys, Label[] labels) {
        next();
        super.visitLookupSwitchInsn(dflt, keys, labels);
    }

    @Override
    public void visitMultiANewArrayInsn(String desc, int dims) {
        next();
        super.visitMultiANewArrayInsn(desc, dims);
    }
}
