package racepipe.dynamic.agent;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.LocalVariableNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.SourceInterpreter;
import org.objectweb.asm.tree.analysis.SourceValue;

/**
 * Names the array an element access touches by where the array came from, so that a race on
 * {@code done[0]} reads {@code pkg.Main.done[]} rather than {@code int[]}: the field it was read
 * from ({@code getfield}/{@code getstatic}, also through a local that one field's read was stored
 * in), else the local's name from the LocalVariableTable ({@code pkg.Main.run:local[]}). Any other
 * origin (a call's result, a phi of several) keeps the element type. Data flow by ASM's
 * SourceInterpreter over the original method; a method it cannot analyse keeps the element types.
 */
final class ArrayOwners {
    private ArrayOwners() {
    }

    /** Bytecode offset of each array load or store -> its array's name, where one is known. */
    static Map<Integer, String> of(String owner, MethodNode m, int[] offsets) {
        Map<Integer, String> out = new HashMap<>();
        if (!hasArrayAccess(m)) {
            return out;
        }
        Frame<SourceValue>[] frames;
        try {
            frames = new Analyzer<>(new SourceInterpreter()).analyze(owner, m);
        } catch (AnalyzerException | RuntimeException e) {
            return out;
        }
        int insn = 0;
        for (int i = 0; i < m.instructions.size(); i++) {
            AbstractInsnNode n = m.instructions.get(i);
            if (n.getOpcode() < 0) {
                continue;
            }
            int bci = insn < offsets.length ? offsets[insn] : -1;
            insn++;
            int op = n.getOpcode();
            int depth = op >= Opcodes.IALOAD && op <= Opcodes.SALOAD ? 2 : op >= Opcodes.IASTORE && op <= Opcodes.SASTORE ? 3 : 0;
            Frame<SourceValue> f = frames[i];
            if (depth == 0 || f == null || bci < 0) {
                continue;
            }
            String name = name(owner, m, frames, f.getStack(f.getStackSize() - depth));
            if (name != null) {
                out.put(bci, name);
            }
        }
        return out;
    }

    private static boolean hasArrayAccess(MethodNode m) {
        for (AbstractInsnNode n : m.instructions) {
            int op = n.getOpcode();
            if (op >= Opcodes.IALOAD && op <= Opcodes.SALOAD || op >= Opcodes.IASTORE && op <= Opcodes.SASTORE) {
                return true;
            }
        }
        return false;
    }

    private static String name(String owner, MethodNode m, Frame<SourceValue>[] frames, SourceValue array) {
        AbstractInsnNode from = origin(m, frames, only(array.insns));
        if (from instanceof FieldInsnNode f) {
            return field(f);
        }
        if (from instanceof VarInsnNode load && load.getOpcode() == Opcodes.ALOAD) {
            String stored = storedField(m, frames, frames[m.instructions.indexOf(load)].getLocal(load.var));
            return stored != null ? stored : local(owner, m, load);
        }
        return null;
    }

    /**
     * Past the copies javac makes for a compound assignment ({@code d[0]++}: {@code dup2} of array
     * and index, {@code dup} of the array): the instruction that pushed the original.
     */
    private static AbstractInsnNode origin(MethodNode m, Frame<SourceValue>[] frames, AbstractInsnNode from) {
        for (int hops = 0; from != null && hops < 4; hops++) {
            int op = from.getOpcode();
            if (op != Opcodes.DUP && op != Opcodes.DUP2) {
                return from;
            }
            Frame<SourceValue> f = frames[m.instructions.indexOf(from)];
            if (f == null || f.getStackSize() < (op == Opcodes.DUP ? 1 : 2)) {
                return null;
            }
            from = only(f.getStack(f.getStackSize() - (op == Opcodes.DUP ? 1 : 2)).insns);
        }
        return from;
    }

    /** The one field whose read every store into the local came from, or null. */
    private static String storedField(MethodNode m, Frame<SourceValue>[] frames, SourceValue local) {
        String field = null;
        for (AbstractInsnNode store : local.insns) {
            Frame<SourceValue> f = store.getOpcode() == Opcodes.ASTORE ? frames[m.instructions.indexOf(store)] : null;
            AbstractInsnNode from = f == null ? null : only(f.getStack(f.getStackSize() - 1).insns);
            String name = from instanceof FieldInsnNode fi ? field(fi) : null;
            if (name == null || field != null && !field.equals(name)) {
                return null;
            }
            field = name;
        }
        return field;
    }

    private static String local(String owner, MethodNode m, VarInsnNode load) {
        if (m.localVariables == null) {
            return null;
        }
        int at = m.instructions.indexOf(load);
        for (LocalVariableNode v : m.localVariables) {
            if (v.index == load.var && m.instructions.indexOf(v.start) <= at && at < m.instructions.indexOf(v.end)) {
                return owner.replace('/', '.') + "." + m.name + ":" + v.name + "[]";
            }
        }
        return null;
    }

    private static String field(FieldInsnNode f) {
        return f.getOpcode() == Opcodes.GETFIELD || f.getOpcode() == Opcodes.GETSTATIC ? f.owner.replace('/', '.') + "." + f.name + "[]" : null;
    }

    private static AbstractInsnNode only(Set<AbstractInsnNode> insns) {
        return insns.size() == 1 ? insns.iterator().next() : null;
    }
}
