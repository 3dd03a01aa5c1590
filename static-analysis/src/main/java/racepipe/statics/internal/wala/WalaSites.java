package racepipe.statics.internal.wala;

import com.ibm.wala.classLoader.IBytecodeMethod;
import com.ibm.wala.classLoader.IClass;
import com.ibm.wala.classLoader.IMethod;
import com.ibm.wala.classLoader.ShrikeClass;
import com.ibm.wala.ipa.callgraph.CGNode;
import com.ibm.wala.shrike.shrikeCT.ClassReader;
import com.ibm.wala.shrike.shrikeCT.InvalidClassFileException;
import com.ibm.wala.shrike.shrikeCT.SourceFileReader;

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

    private static final java.util.Map<IClass, String> FILES = java.util.Collections.synchronizedMap(new java.util.WeakHashMap<>());

    /**
     * The source file the class was compiled from: its SourceFile attribute (a second top-level
     * class or a nested class of Main.java is at Main.java), read from the class file because
     * WALA's getSourceFileName knows source modules only; else the outer class's simple name.
     */
    static String file(IClass c) {
        return FILES.computeIfAbsent(c, WalaSites::readFile);
    }

    private static String readFile(IClass c) {
        String f = c.getSourceFileName();
        if (f == null && c instanceof ShrikeClass sc) {
            f = sourceFileAttribute(sc);
        }
        if (f != null) {
            return f.substring(f.lastIndexOf('/') + 1);
        }
        String n = WalaProgram.internalName(c.getReference());
        n = n.substring(n.lastIndexOf('/') + 1);
        int d = n.indexOf('$');
        return (d > 0 ? n.substring(0, d) : n) + ".java";
    }

    private static String sourceFileAttribute(ShrikeClass c) {
        try {
            ClassReader cr = c.getReader();
            ClassReader.AttrIterator it = new ClassReader.AttrIterator();
            for (cr.initClassAttributeIterator(it); it.isValid(); it.advance()) {
                if (it.getName().equals("SourceFile")) {
                    return new SourceFileReader(it).getSourceFile();
                }
            }
        } catch (InvalidClassFileException | IllegalArgumentException e) {
            return null;
        }
        return null;
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
