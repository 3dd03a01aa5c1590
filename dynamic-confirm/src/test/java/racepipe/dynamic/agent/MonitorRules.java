package racepipe.dynamic.agent;

import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;

/**
 * The two rules HotSpot's JIT sets for monitors (MonitorNotePlacement), as a test reads them off
 * an instrumented class: while a monitor is held, the entered note is inside a catch-all range;
 * and no catch-all handler's own range holds a call. Either broken, the JIT leaves the whole
 * method to the interpreter.
 */
final class MonitorRules {
    private MonitorRules() {
    }

    /** What breaks a rule, one line each (empty: both kept); {@code checked[0]} counts the monitor entries seen. */
    static List<String> broken(ClassNode cn, int[] checked) {
        List<String> out = new ArrayList<>();
        for (MethodNode m : cn.methods) {
            InsnList insns = m.instructions;
            for (TryCatchBlockNode t : m.tryCatchBlocks) {
                if (t.type == null && t.start == t.handler) {
                    for (int i = insns.indexOf(t.start); i < insns.indexOf(t.end); i++) {
                        if (insns.get(i) instanceof MethodInsnNode) {
                            out.add(cn.name + "." + m.name + m.desc + ": a call in a handler's own range");
                        }
                    }
                }
            }
            for (int i = 0; i < insns.size(); i++) {
                if (insns.get(i).getOpcode() != Opcodes.MONITORENTER) {
                    continue;
                }
                int at = i + 1;
                while (at < insns.size() && !isEntered(insns.get(at))) {
                    at++;
                }
                if (at == insns.size()) {
                    continue; // a monitor the agent does not note (a class's code left as it was)
                }
                int entered = at;
                boolean covered = m.tryCatchBlocks.stream().anyMatch(t -> t.type == null
                        && insns.indexOf(t.start) <= entered && entered < insns.indexOf(t.end));
                boolean anyCatchAll = m.tryCatchBlocks.stream().anyMatch(t -> t.type == null);
                if (!covered && anyCatchAll) { // a method with no catch-all at all has nothing to be inside
                    out.add(cn.name + "." + m.name + m.desc + ": the entered note is outside every catch-all");
                }
                checked[0]++;
            }
        }
        return out;
    }

    private static boolean isEntered(AbstractInsnNode n) {
        return n instanceof MethodInsnNode c && MonitorNotePlacement.isEntered(c.getOpcode(), c.owner, c.name);
    }
}
