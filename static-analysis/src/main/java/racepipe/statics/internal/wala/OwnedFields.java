package racepipe.statics.internal.wala;

import com.ibm.wala.classLoader.IField;
import com.ibm.wala.ipa.callgraph.CGNode;
import com.ibm.wala.ssa.SSAInstruction;
import com.ibm.wala.ssa.SSANewInstruction;
import com.ibm.wala.ssa.SSAPutInstruction;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Final instance fields that own their value: every store of the field (in the call graph) is a
 * constructor of its class storing, into the object under construction, an object that
 * constructor run allocated itself ({@code items = new Job[n]}). Then o1.f == o2.f implies
 * o1 == o2 (each run of a constructor allocates its own value and a final field is stored once),
 * so a lock named by the owner also names the owned object: holding {@code this} while
 * accessing {@code this.items[i]} excludes every other access to the same array made under its
 * owner's monitor, whatever local path led there.
 */
final class OwnedFields {
    private final WalaProgram p;
    private Map<String, Boolean> owned;

    OwnedFields(WalaProgram p) {
        this.p = p;
    }

    /** True when every field of {@code path} (".pkg/C.f.pkg/D.g", as {@link LockPaths} writes it) is owned. */
    boolean ownedChain(String path) {
        if (!path.startsWith(".")) {
            return false;
        }
        String[] parts = path.substring(1).split("\\.");
        if (parts.length % 2 != 0) {
            return false;
        }
        for (int i = 0; i < parts.length; i += 2) {
            if (!owned().getOrDefault(parts[i] + "." + parts[i + 1], false)) {
                return false;
            }
        }
        return true;
    }

    private Map<String, Boolean> owned() {
        if (owned == null) {
            owned = new HashMap<>();
            Set<String> bad = new HashSet<>();
            p.cg.forEach(n -> scan(n, bad));
            bad.forEach(f -> owned.put(f, false));
        }
        return owned;
    }

    private void scan(CGNode n, Set<String> bad) {
        if (n.getIR() == null) {
            return;
        }
        for (SSAInstruction ins : n.getIR().getInstructions()) {
            if (!(ins instanceof SSAPutInstruction put) || put.isStatic()) {
                continue;
            }
            IField f = p.field(put.getDeclaredField());
            if (f == null) {
                continue;
            }
            String name = LockPaths.fieldName(f);
            boolean ok = f.isFinal() && n.getMethod().isInit()
                    && n.getMethod().getDeclaringClass().equals(f.getDeclaringClass())
                    && put.getRef() == 1 && n.getDU().getDef(put.getVal()) instanceof SSANewInstruction;
            if (ok) {
                owned.putIfAbsent(name, true);
            } else {
                bad.add(name);
            }
        }
    }
}
