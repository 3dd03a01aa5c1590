package racepipe.statics.internal.wala;

import com.ibm.wala.classLoader.IBytecodeMethod;
import com.ibm.wala.classLoader.IClass;
import com.ibm.wala.classLoader.IMethod;
import com.ibm.wala.ipa.callgraph.CGNode;
import com.ibm.wala.shrike.shrikeCT.InvalidClassFileException;

/** Bytecode indices, lines and source files of WALA instructions (the site contract). */
final class WalaSites {
    private WalaSites() {
    }

    /** The offset of the instruction in the original class file, or -1 (synthetic code). */
    static int bci(IMethod m, int iindex) {
        if (!(m instanceof IBytecodeMethod<?> bm)) {
            return -1;
        }
        try {
            return bm.getBytecodeIndex(iindex);
        } catch (InvalidClassFileException | ArrayIndexOutOfBoundsException e) {
            return -1;
        }
    }

    static int line(IMethod m, int bci) {
        return bci < 0 ? -1 : m.getLineNumber(bci);
    }

    static String file(IClass c) {
        String f = c.getSourceFileName();
        if (f != null) {
            return f;
        }
        String n = WalaProgram.internalName(c.getReference());
        n = n.substring(n.lastIndexOf('/') + 1);
        int d = n.indexOf('$');
        return (d > 0 ? n.substring(0, d) : n) + ".java";
    }

    static String location(CGNode n, int iindex) {
        IMethod m = n.getMethod();
        int line = line(m, bci(m, iindex));
        return file(m.getDeclaringClass()) + ":" + line;
    }

    /** The invoke instructions of a call site; none when the IR does not show it (synthetic). */
    static com.ibm.wala.ssa.SSAAbstractInvokeInstruction[] calls(com.ibm.wala.ssa.IR ir,
                                                                 com.ibm.wala.classLoader.CallSiteReference site) {
        try {
            var idx = ir.getCallInstructionIndices(site);
            return idx == null ? new com.ibm.wala.ssa.SSAAbstractInvokeInstruction[0] : ir.getCalls(site);
        } catch (IllegalArgumentException e) {
            return new com.ibm.wala.ssa.SSAAbstractInvokeInstruction[0];
        }
    }
}
