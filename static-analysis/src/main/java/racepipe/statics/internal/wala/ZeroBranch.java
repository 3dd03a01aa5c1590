package racepipe.statics.internal.wala;

import com.ibm.wala.ipa.callgraph.CGNode;
import com.ibm.wala.shrike.shrikeBT.IConditionalBranchInstruction;
import com.ibm.wala.ssa.SSAConditionalBranchInstruction;
import com.ibm.wala.ssa.SymbolTable;

/** A branch that tests a value against zero ({@code if (v == 0)} / {@code if (v != 0)}: booleans in bytecode). */
final class ZeroBranch {
    private ZeroBranch() {
    }

    /** The value the branch compares with the constant 0 by == or !=, or -1 when it is no such test. */
    static int testedValue(CGNode n, SSAConditionalBranchInstruction br) {
        var op = (IConditionalBranchInstruction.Operator) br.getOperator();
        if (op != IConditionalBranchInstruction.Operator.EQ && op != IConditionalBranchInstruction.Operator.NE) {
            return -1;
        }
        SymbolTable st = n.getIR().getSymbolTable();
        if (st.isIntegerConstant(br.getUse(1)) && st.getIntValue(br.getUse(1)) == 0) {
            return br.getUse(0);
        }
        if (st.isIntegerConstant(br.getUse(0)) && st.getIntValue(br.getUse(0)) == 0) {
            return br.getUse(1);
        }
        return -1;
    }

    /** Whether the branch is taken when the tested value is non-zero ({@code !=}), else when it is zero. */
    static boolean takenWhenNonZero(SSAConditionalBranchInstruction br) {
        return br.getOperator() == IConditionalBranchInstruction.Operator.NE;
    }
}
