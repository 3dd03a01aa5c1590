package racepipe.dynamic.agent;

import org.objectweb.asm.MethodVisitor;

/**
 * Passes a method on, and tells the next visitor the bytecode offset of the instruction it is
 * visiting ({@link #bci()}): ASM does not, and a site key needs it. It must see the class file's
 * own instructions only, so it comes first in the chain, before anything that adds some.
 */
final class InstructionCounter extends EachInstruction {
    private final int[] offsets; // of every instruction, in code order (contract BytecodeOffsets)
    private int insn;
    private int bci = -1;

    InstructionCounter(int[] offsets) {
        super(null);
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

    @Override
    void beforeInstruction() {
        bci = insn < offsets.length ? offsets[insn] : -1;
        insn++;
    }
}
