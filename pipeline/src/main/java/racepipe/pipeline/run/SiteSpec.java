package racepipe.pipeline.run;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import racepipe.dynamic.agent.SiteIndex;
import racepipe.pipeline.input.ProgramInput;
import racepipe.pipeline.input.UsageError;
import racepipe.pipeline.model.SiteInfo;

/**
 * Turns the two sites a user types for a pair ({@link SitePattern}) into two instructions of the
 * program: in the jar (the entry's package before the others), its accesses and its calls into
 * java.util and into its class path, the dependencies, whose own accesses count at those calls.
 * A site inside a dependency is refused with a line that says so. A {@code File.java:LINE} with
 * several accesses takes the one that can race with the other site, and says which it took and
 * how to name another.
 */
public final class SiteSpec {
    /** The two sites chosen, and a line for each site that had to be chosen among several. */
    public record Pick(SiteInfo a, SiteInfo b, String variable, List<String> notes) {
    }

    private final List<SiteIndex.Entry> app;
    private final List<Path> classPath;
    private final java.util.Map<Path, List<SiteIndex.Entry>> libraries = new java.util.HashMap<>();

    public SiteSpec(ProgramInput program) throws IOException {
        String entry = program.entry();
        String pkg = entry.contains(".") ? entry.substring(0, entry.lastIndexOf('.')).replace('.', '/') + "/" : "";
        List<SiteIndex.Entry> all = new ArrayList<>(SiteIndex.scan(program.jar(), program.classPath()));
        all.sort(Comparator.comparing((SiteIndex.Entry e) -> !(e.owner().startsWith(pkg)
                && e.owner().indexOf('/', pkg.length()) < 0)));
        this.app = all;
        this.classPath = program.classPath();
    }

    /** The pair two specs name; a UsageError of one line when they name nothing or nothing that can race. */
    public Pick pair(String specA, String specB) throws IOException {
        SitePattern pa = SitePattern.parse(specA), pb = SitePattern.parse(specB);
        List<SiteIndex.Entry> ca = candidates(pa), cb = candidates(pb);
        SiteIndex.Entry bestA = null, bestB = null;
        int best = 0;
        for (SiteIndex.Entry x : ca) {
            for (SiteIndex.Entry y : cb) {
                int score = score(x, y);
                if (score > best) {
                    best = score;
                    bestA = x;
                    bestB = y;
                }
            }
        }
        if (best < 2) {
            SiteIndex.Entry x = ca.get(0), y = cb.get(0);
            String why = x.variable().equals(y.variable()) ? "both only read " + x.variable() + " (two reads never race)"
                    : "they access different variables (" + x.variable() + ", " + y.variable() + ")";
            throw new UsageError(pa + " and " + pb + " cannot race: " + why);
        }
        List<String> notes = new ArrayList<>();
        note(pa, ca, bestA, notes);
        note(pb, cb, bestB, notes);
        return new Pick(info(bestA), info(bestB), bestA.variable(), notes);
    }

    /** 3: one variable, one write; 2: two calls into library code (their conflict is decided at run time); 0: cannot race. */
    private static int score(SiteIndex.Entry x, SiteIndex.Entry y) {
        boolean callX = x.variable().startsWith("call "), callY = y.variable().startsWith("call ");
        if (callX || callY) {
            return callX && callY ? 2 : 0;
        }
        return x.variable().equals(y.variable()) && (x.write() || y.write()) ? 3 : 0;
    }

    private static void note(SitePattern p, List<SiteIndex.Entry> candidates, SiteIndex.Entry took, List<String> notes) {
        if (candidates.size() < 2) {
            return;
        }
        List<String> others = candidates.stream().filter(e -> e != took)
                .map(e -> name(e) + " (" + kind(e) + ")").toList();
        notes.add(p + " has " + candidates.size() + " accesses: took " + name(took) + " (" + kind(took)
                + "); to name another, give " + String.join(" or ", others));
    }

    /** pkg.Class.method@bci: how a user names one instruction. */
    static String name(SiteIndex.Entry e) {
        return e.owner().replace('/', '.') + "." + e.method() + "@" + e.bci();
    }

    private static String kind(SiteIndex.Entry e) {
        return e.variable().startsWith("call ") ? e.variable() : (e.write() ? "write of " : "read of ") + e.variable();
    }

    private List<SiteIndex.Entry> candidates(SitePattern p) throws IOException {
        List<SiteIndex.Entry> found = matching(app, p);
        if (found.isEmpty()) {
            for (Path lib : classPath) {
                List<SiteIndex.Entry> inside = matching(library(lib), p);
                if (!inside.isEmpty()) {
                    throw new UsageError(p + " is inside the dependency " + lib.getFileName() + ", whose accesses count at the"
                            + " application's calls into it: name the call's line instead (File.java:LINE of your code)");
                }
            }
        }
        if (found.isEmpty()) {
            throw new UsageError("no field or array access at " + p
                    + " (give File.java:LINE, pkg.Class.method@bci or a site key)");
        }
        return found;
    }

    private static List<SiteIndex.Entry> matching(List<SiteIndex.Entry> entries, SitePattern p) {
        List<SiteIndex.Entry> out = entries.stream()
                .filter(e -> p.matches(e.owner(), e.method(), e.key(), e.bci(), e.file(), e.line())).toList();
        if (!p.byLine() && out.size() > 1) {
            return out.subList(0, 1); // one instruction: the first overload
        }
        return out;
    }

    private List<SiteIndex.Entry> library(Path p) throws IOException {
        List<SiteIndex.Entry> known = libraries.get(p);
        if (known == null) {
            known = SiteIndex.scan(p);
            libraries.put(p, known);
        }
        return known;
    }

    private static SiteInfo info(SiteIndex.Entry e) {
        return SiteInfo.of(e.owner(), e.method(), e.desc(), e.bci(), e.file(), e.line(), e.write());
    }
}
