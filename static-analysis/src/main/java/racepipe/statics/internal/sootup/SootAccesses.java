package racepipe.statics.internal.sootup;

import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import sootup.core.jimple.common.Local;
import sootup.core.jimple.common.ref.JArrayRef;
import sootup.core.jimple.common.ref.JFieldRef;
import sootup.core.jimple.common.ref.JInstanceFieldRef;
import sootup.core.jimple.common.stmt.JAssignStmt;
import sootup.core.jimple.common.stmt.Stmt;
import sootup.core.model.FieldModifier;
import sootup.core.model.SootField;
import sootup.core.model.SootMethod;
import racepipe.statics.StaticSite;
import racepipe.statics.internal.model.AccessFact;
import racepipe.statics.internal.model.LockId;

/**
 * Candidate accesses of the reached application methods, with field-based aliasing: every
 * instance access of a field shares one abstract object (bit 0). Bytecode offsets from
 * {@link BciMap}: the k-th Jimple access with a (line, name, kind) is the k-th such instruction.
 */
final class SootAccesses {
    private final SootProgram p;
    private final SootLocks locks;
    private final SootOrder order;
    private final BciMap bcis;
    final Map<String, AccessFact> sites = new LinkedHashMap<>();
    int unmapped;

    SootAccesses(SootProgram p, SootLocks locks, SootOrder order, BciMap bcis) {
        this.p = p;
        this.locks = locks;
        this.order = order;
        this.bcis = bcis;
    }

    void collect(SootMethod m, BitSet threads) {
        if (m.getName().equals("<clinit>")) {
            return;
        }
        String cls = SootProgram.internalName(m.getDeclaringClassType());
        String desc = SootProgram.descriptor(m.getSignature());
        Local self = m.isStatic() ? null : m.getBody().getThisLocal();
        Map<String, Integer> seen = new HashMap<>();
        for (Stmt s : p.stmts(m)) {
            if (!(s instanceof JAssignStmt a)) {
                continue;
            }
            boolean write;
            String name;
            String variable;
            Local base;
            if (a.getLeftOp() instanceof JFieldRef f || a.getRightOp() instanceof JFieldRef) {
                JFieldRef f = a.getLeftOp() instanceof JFieldRef l ? l : (JFieldRef) a.getRightOp();
                write = a.getLeftOp() instanceof JFieldRef;
                name = f.getFieldSignature().getName();
                int line = s.getPositionInfo().getStmtPosition().getFirstLine();
                int k = seen.merge(line + " " + name + " " + write, 1, Integer::sum) - 1;
                Optional<SootField> sf = p.field(f.getFieldSignature());
                if (sf.isPresent() && (sf.get().isFinal() || FieldModifier.isVolatile(sf.get().getModifiers()))) {
                    continue;
                }
                base = f instanceof JInstanceFieldRef ir ? ir.getBase() : null;
                if (m.getName().equals("<init>") && base != null && base.equals(self)) {
                    continue;
                }
                variable = sf.map(x -> x.getDeclaringClassType()).orElse(f.getFieldSignature().getDeclClassType())
                        .getFullyQualifiedName() + "." + name;
                add(m, s, cls, desc, line, name, write, k, variable, base, base == null, threads);
            } else if (a.getLeftOp() instanceof JArrayRef || a.getRightOp() instanceof JArrayRef) {
                JArrayRef r = a.getLeftOp() instanceof JArrayRef l ? l : (JArrayRef) a.getRightOp();
                write = a.getLeftOp() instanceof JArrayRef;
                int line = s.getPositionInfo().getStmtPosition().getFirstLine();
                int k = seen.merge(line + " [] " + write, 1, Integer::sum) - 1;
                add(m, s, cls, desc, line, "[]", write, k, r.getBase().getType().toString(), r.getBase(), false, threads);
            }
        }
    }

    private void add(SootMethod m, Stmt s, String cls, String desc, int line, String name, boolean write, int k,
                     String variable, Local base, boolean isStatic, BitSet threads) {
        int bci = bcis.bci(cls, m.getName() + desc, line, name, write, k);
        if (bci < 0) {
            unmapped++;
            return;
        }
        String file = bcis.sourceFile(cls);
        StaticSite site = new StaticSite(cls, m.getName(), desc, bci, file == null ? "?" : file, line, write, variable);
        Set<LockId> held = rebase(m, locks.at(m, s), base);
        AccessFact a = sites.get(site.key());
        if (a == null) {
            BitSet objects = isStatic ? null : new BitSet();
            if (objects != null) {
                objects.set(0);
            }
            a = new AccessFact(site, objects, held);
            sites.put(site.key(), a);
        }
        for (int t = threads.nextSetBit(0); t >= 0; t = threads.nextSetBit(t + 1)) {
            a.threads.put(t, order.orderedWith(t, m, s));
        }
    }

    private Set<LockId> rebase(SootMethod m, Set<LockId> held, Local base) {
        Set<LockId> out = new HashSet<>();
        String pb = base == null ? null : locks.path(m, base);
        for (LockId l : held) {
            if (l.global()) {
                out.add(l);
            } else if (pb != null && l.path().equals(pb)) {
                out.add(l.at("B"));
            } else if (pb != null && l.path().startsWith(pb + ".")) {
                out.add(l.at("B" + l.path().substring(pb.length())));
            }
        }
        return out;
    }
}
