package racepipe.statics.internal.wala;

import com.ibm.wala.classLoader.CallSiteReference;
import com.ibm.wala.ipa.callgraph.CGNode;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Library sites: accesses inside the JDK's own {@code java.util} collections (ArrayList, HashMap,
 * the synchronized wrappers...) are candidates too, since the dynamic agent sees them; people
 * read them by the application call lines that lead there, found here by walking callers back.
 */
final class LibraryVia {
    private static final int LIMIT = 1000;

    private LibraryVia() {
    }

    /** Collections code whose accesses count: the package java.util itself. */
    static boolean collected(CGNode n) {
        String c = WalaProgram.internalName(n.getMethod().getDeclaringClass().getReference());
        return c.startsWith("java/util/") && c.indexOf('/', "java/util/".length()) < 0;
    }

    /** "File.java:line" of the application calls from which node n is reached through the JDK. */
    static List<String> of(WalaProgram p, CGNode n) {
        Set<String> out = new TreeSet<>();
        Set<CGNode> seen = new HashSet<>();
        Deque<CGNode> todo = new ArrayDeque<>();
        todo.add(n);
        seen.add(n);
        while (!todo.isEmpty() && seen.size() < LIMIT) {
            CGNode c = todo.poll();
            for (var it = p.cg.getPredNodes(c); it.hasNext(); ) {
                CGNode pred = it.next();
                if (WalaProgram.isApp(pred) && pred.getIR() != null) {
                    for (var s = p.cg.getPossibleSites(pred, c); s.hasNext(); ) {
                        CallSiteReference site = s.next();
                        for (var call : WalaSites.calls(pred.getIR(), site)) {
                            out.add(WalaSites.location(pred, call.iIndex()));
                        }
                    }
                } else if (seen.add(pred)) {
                    todo.add(pred);
                }
            }
        }
        return List.copyOf(out);
    }
}
