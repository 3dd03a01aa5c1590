package racepipe.statics.internal.wala;

import com.ibm.wala.classLoader.CallSiteReference;
import com.ibm.wala.ipa.callgraph.CGNode;
import com.ibm.wala.ssa.SSAAbstractInvokeInstruction;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import racepipe.contract.WatchedLibrary;
import racepipe.statics.internal.model.LockId;

/**
 * Lifts an access inside a watched library class ({@link WatchedLibrary}) or a dependency's class
 * to the application call instructions through which it is reached: callers are walked back
 * through JDK and dependency nodes to the first node of the application's own, whose call
 * instructions count when their declared owner is in java/util or is a class of the program's
 * paths (a dependency's, or the application's inheriting from one; not constructors). On the way, the access's base and the locks held in the JDK
 * (say {@code synchronized (mutex)} of a synchronized wrapper) are carried as access paths,
 * re-rooted at every call through the arguments, so that they end as paths of the application
 * node's values; a path that leaves the arguments (a JDK-local object) is dropped.
 */
final class LibraryLift {
    /** One application call site, with what surely holds over every way the access is reached from it. */
    record Lift(CGNode app, SSAAbstractInvokeInstruction call, Set<LockId> locks, String base) {
    }

    private record State(CGNode node, String base, Set<LockId> locks) {
    }

    private static final int STATE_LIMIT = 5000;
    private static final int MAX_PATH_FIELDS = 6;

    private final WalaProgram p;
    private final LockPaths paths;
    private final HeldLocks held;
    private final Map<State, List<Lift>> memo = new HashMap<>();
    int truncated;

    LibraryLift(WalaProgram p, LockPaths paths, HeldLocks held) {
        this.p = p;
        this.paths = paths;
        this.held = held;
    }

    /** The application call sites of the access at instruction iindex of JDK node n (base value, or -1). */
    List<Lift> of(CGNode n, int iindex, int baseValue) {
        String base = baseValue >= 0 ? paths.path(n, baseValue) : null;
        State start = new State(n, base, held.local(n, iindex));
        return memo.computeIfAbsent(start, this::walk);
    }

    private List<Lift> walk(State start) {
        Map<String, Lift> out = new LinkedHashMap<>();
        Set<State> seen = new HashSet<>();
        Deque<State> todo = new ArrayDeque<>();
        todo.add(start);
        seen.add(start);
        boolean cut = false;
        while (!todo.isEmpty()) {
            State s = todo.poll();
            for (var it = p.cg.getPredNodes(s.node()); it.hasNext(); ) {
                CGNode pred = it.next();
                if (pred.getIR() == null) {
                    // synthetic caller without IR: go on, knowing nothing of base or locks
                    cut |= push(new State(pred, null, Set.of()), seen, todo);
                    continue;
                }
                for (var sites = p.cg.getPossibleSites(pred, s.node()); sites.hasNext(); ) {
                    CallSiteReference site = sites.next();
                    for (SSAAbstractInvokeInstruction call : WalaSites.calls(pred.getIR(), site)) {
                        String b = translate(s.node(), pred, call, s.base());
                        Set<LockId> ls = new HashSet<>();
                        for (LockId l : s.locks()) {
                            String t = translate(s.node(), pred, call, l.path());
                            if (t != null) {
                                ls.add(l.at(t));
                            }
                        }
                        if (p.isOwn(pred)) {
                            if (counts(call)) {
                                String key = p.cg.getNumber(pred) + "@" + call.iIndex();
                                Lift prev = out.get(key);
                                if (prev == null) {
                                    out.put(key, new Lift(pred, call, Set.copyOf(ls), b));
                                } else {
                                    Set<LockId> both = new HashSet<>(prev.locks());
                                    both.retainAll(ls);
                                    out.put(key, new Lift(pred, call, Set.copyOf(both),
                                            Objects.equals(prev.base(), b) ? b : null));
                                }
                            }
                        } else {
                            ls.addAll(held.local(pred, call.iIndex()));
                            cut |= push(new State(pred, b, Set.copyOf(ls)), seen, todo);
                        }
                    }
                }
            }
            if (cut) {
                break;
            }
        }
        if (cut) {
            // too many ways up: fall back to the plain caller walk, knowing no base and no lock
            truncated++;
            return plain(start.node());
        }
        return List.copyOf(out.values());
    }

    /**
     * An application call the accesses it reaches count at: on java.util (not a constructor), as
     * the agent brackets them; or on a dependency's class, or an application class that inherits
     * from one (WalaProgram.leadsIntoDependency), not a constructor.
     */
    private boolean counts(SSAAbstractInvokeInstruction call) {
        String owner = WalaProgram.internalName(call.getDeclaredTarget().getDeclaringClass());
        String name = call.getDeclaredTarget().getName().toString();
        return WatchedLibrary.isCall(owner, name) || (!name.equals("<init>") && p.leadsIntoDependency(owner));
    }

    private static boolean push(State s, Set<State> seen, Deque<State> todo) {
        if (seen.add(s)) {
            todo.add(s);
        }
        return seen.size() > STATE_LIMIT;
    }

    /** Every application java.util call site from which n is reached through JDK nodes. */
    private List<Lift> plain(CGNode n) {
        Map<String, Lift> out = new LinkedHashMap<>();
        Set<CGNode> seen = new HashSet<>();
        Deque<CGNode> todo = new ArrayDeque<>();
        todo.add(n);
        seen.add(n);
        while (!todo.isEmpty()) {
            CGNode c = todo.poll();
            for (var it = p.cg.getPredNodes(c); it.hasNext(); ) {
                CGNode pred = it.next();
                if (p.isOwn(pred) && pred.getIR() != null) {
                    for (var s = p.cg.getPossibleSites(pred, c); s.hasNext(); ) {
                        for (var call : WalaSites.calls(pred.getIR(), s.next())) {
                            if (counts(call)) {
                                out.putIfAbsent(p.cg.getNumber(pred) + "@" + call.iIndex(), new Lift(pred, call, Set.of(), null));
                            }
                        }
                    }
                } else if (!p.isOwn(pred) && seen.add(pred)) {
                    todo.add(pred);
                }
            }
        }
        return List.copyOf(out.values());
    }

    /**
     * A path of callee's values seen from the caller at this call: a parameter {@code Vk.f.g}
     * becomes the caller's path of the k-th argument plus {@code .f.g}; global paths stay; a
     * callee-local path has no name in the caller (null).
     */
    private String translate(CGNode callee, CGNode caller, SSAAbstractInvokeInstruction call, String path) {
        if (path == null || !path.startsWith("V")) {
            return path;
        }
        int dot = path.indexOf('.');
        int k;
        try {
            k = Integer.parseInt(dot < 0 ? path.substring(1) : path.substring(1, dot));
        } catch (NumberFormatException e) {
            return null;
        }
        if (callee.getIR() == null || k > callee.getIR().getNumberOfParameters()
                || k > call.getNumberOfPositionalParameters()) {
            return null;
        }
        String root = paths.path(caller, call.getUse(k - 1));
        String out = dot < 0 ? root : root + path.substring(dot);
        return fields(out) > MAX_PATH_FIELDS ? null : out;
    }

    private static int fields(String path) {
        int c = 0;
        for (int i = 0; i < path.length(); i++) {
            if (path.charAt(i) == '.') {
                c++;
            }
        }
        return c;
    }
}
