package racepipe.pipeline.tests;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Handle;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import racepipe.pipeline.model.RacePair;
import racepipe.pipeline.model.SiteInfo;
import racepipe.pipeline.model.TestInfo;

/**
 * Which tests reach a static pair that no Phase 1 run saw: a class-hierarchy call graph over the
 * program's own classes (calls resolved to the declaring class and its overrides below, lambdas
 * and method references to their bodies, {@code new C} to C's methods, so a Runnable's
 * {@code run} counts as reached where it is made), searched from each test method. Only for
 * choosing the test that Phase 2 re-runs: an over-approximation costs a few trials, not a verdict.
 */
final class Reach {
    /** The tests tried for one pair at most. */
    static final int MOST = 3;

    private final Map<String, Set<String>> calls = new HashMap<>();
    private final Map<String, List<String>> methodsOf = new HashMap<>();
    private final Map<String, String> superOf = new HashMap<>();
    private final Map<String, List<String>> subclasses = new HashMap<>();
    private final List<TestInfo> tests;
    private final Map<String, Set<String>> reached = new HashMap<>();

    private Reach(List<TestInfo> tests) {
        this.tests = tests;
    }

    static Reach of(SuiteProgram prog, Collection<TestInfo> tests) throws IOException {
        Reach r = new Reach(tests.stream().filter(t -> t.method() != null && t.className() != null).toList());
        for (Map.Entry<String, byte[]> e : SuiteProgram.read(prog.jar()).entrySet()) {
            if (e.getKey().endsWith(".class") && !e.getKey().startsWith("META-INF/")) {
                try {
                    r.add(e.getValue());
                } catch (RuntimeException unreadable) {
                    // the engines say so; here it only reaches nothing
                }
            }
        }
        r.superOf.forEach((c, s) -> r.subclasses.computeIfAbsent(s, k -> new ArrayList<>()).add(c));
        return r;
    }

    private void add(byte[] bytes) {
        ClassReader cr = new ClassReader(bytes);
        String owner = cr.getClassName();
        superOf.put(owner, cr.getSuperName());
        for (String itf : cr.getInterfaces()) {
            subclasses.computeIfAbsent(itf, k -> new ArrayList<>()).add(owner);
        }
        cr.accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String desc, String sig, String[] ex) {
                String self = owner + "." + name + desc;
                methodsOf.computeIfAbsent(owner, k -> new ArrayList<>()).add(name + desc);
                Set<String> out = calls.computeIfAbsent(self, k -> new LinkedHashSet<>());
                return new MethodVisitor(Opcodes.ASM9) {
                    @Override
                    public void visitMethodInsn(int op, String o, String n, String d, boolean itf) {
                        out.add(o + "." + n + d);
                    }

                    @Override
                    public void visitTypeInsn(int op, String type) {
                        if (op == Opcodes.NEW) {
                            out.add(type + ".*");
                        }
                    }

                    @Override
                    public void visitInvokeDynamicInsn(String n, String d, Handle bsm, Object... args) {
                        for (Object a : args) {
                            if (a instanceof Handle h) {
                                out.add(h.getOwner() + "." + h.getName() + h.getDesc());
                            }
                        }
                    }
                };
            }
        }, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
    }

    /** The tests (unique ids) that reach both accesses of the pair, else either; suite order, at most {@link #MOST}. */
    List<String> tests(RacePair p) {
        String a = method(p.sites.get(0)), b = method(p.sites.get(1));
        List<String> both = new ArrayList<>(), either = new ArrayList<>();
        for (TestInfo t : tests) {
            Set<String> r = reached(t);
            boolean ra = r.contains(a), rb = r.contains(b);
            if (ra && rb) {
                both.add(t.id());
            } else if (ra || rb) {
                either.add(t.id());
            }
        }
        List<String> out = both.isEmpty() ? either : both;
        return out.subList(0, Math.min(MOST, out.size()));
    }

    private static String method(SiteInfo s) {
        String k = s.key();
        int at = k.lastIndexOf('@');
        return at < 0 ? k : k.substring(0, at);
    }

    private Set<String> reached(TestInfo t) {
        return reached.computeIfAbsent(t.id(), id -> {
            Set<String> seen = new HashSet<>();
            ArrayDeque<String> work = new ArrayDeque<>();
            String cls = t.className().replace('.', '/');
            for (String c = cls; c != null; c = superOf.get(c)) {
                for (String m : methodsOf.getOrDefault(c, List.of())) {
                    if (m.startsWith(t.method() + "(") || m.startsWith("<init>(")) {
                        work.add(c + "." + m);
                    }
                }
            }
            while (!work.isEmpty()) {
                String m = work.poll();
                if (!seen.add(m)) {
                    continue;
                }
                for (String callee : calls.getOrDefault(m, Set.of())) {
                    resolve(callee, work);
                }
            }
            return seen;
        });
    }

    /** A call's targets among the program's methods: the declaration up the hierarchy and every override below. */
    private void resolve(String call, ArrayDeque<String> work) {
        int dot = call.indexOf('.');
        String owner = call.substring(0, dot), member = call.substring(dot + 1);
        if (member.equals("*")) {
            for (String m : methodsOf.getOrDefault(owner, List.of())) {
                work.add(owner + "." + m);
            }
            return;
        }
        for (String c = owner; c != null; c = superOf.get(c)) {
            if (methodsOf.getOrDefault(c, List.of()).contains(member)) {
                work.add(c + "." + member);
                break;
            }
        }
        ArrayDeque<String> down = new ArrayDeque<>(subclasses.getOrDefault(owner, List.of()));
        Set<String> visited = new HashSet<>();
        while (!down.isEmpty()) {
            String c = down.poll();
            if (!visited.add(c)) {
                continue;
            }
            if (methodsOf.getOrDefault(c, List.of()).contains(member)) {
                work.add(c + "." + member);
            }
            down.addAll(subclasses.getOrDefault(c, List.of()));
        }
    }
}
