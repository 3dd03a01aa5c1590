package racepipe.pipeline.run;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import racepipe.contract.TrialResult;
import racepipe.pipeline.model.RacePair;
import racepipe.pipeline.model.SiteInfo;

/**
 * A confirmed pair named by what its trials raced on. Between two calls into a library several of
 * its variables can race (a {@code closed} flag and a list field); Phase 1 can only guess which,
 * and the static engine lifts accesses that never run (a HashMap's tree-bin code under a put into
 * an empty map). The example trial is what a user reads, so the pair's variable is the one it
 * raced on, the others its trials raced on are listed, and a call's library frames are those of
 * accesses that ran.
 */
final class RacedNames {
    private RacedNames() {
    }

    /** Names {@code p} after {@code example}'s race (one of {@code results}); lists every variable the trials raced on. */
    static void apply(RacePair p, List<TrialResult> results, TrialResult example) {
        if (example == null || example.race() == null) {
            return;
        }
        Set<String> raced = new LinkedHashSet<>(variables(example.race()));
        for (TrialResult t : results) {
            if (t.raced() && t.race() != null) {
                raced.addAll(variables(t.race()));
            }
        }
        String name = raced.isEmpty() ? null : raced.iterator().next();
        if (name != null && !(name.endsWith("[]") && p.variable != null)) { // an array's field name says more than its type
            p.variable = name;
            p.variables = null;
            p.addVariables(raced);
        }
        if (!p.predictors.keySet().stream().allMatch("static"::equals)) {
            return; // the runs' library frames ran already
        }
        for (int i = 0; i < p.sites.size(); i++) {
            SiteInfo s = p.sites.get(i);
            Set<String> frames = frames(s, results);
            if (!s.library().isEmpty() && !frames.isEmpty()) {
                p.sites.set(i, s.withOnlyLibrary(frames));
            }
        }
    }

    /** What a trial's races touched: its list, or (an older worker's) the first race's accesses. */
    static List<String> variables(TrialResult.Race race) {
        if (!race.variables().isEmpty()) {
            return race.variables();
        }
        List<String> out = new ArrayList<>();
        race.accesses().stream().map(TrialResult.Access::variable).filter(v -> v != null && !out.contains(v)).forEach(out::add);
        return out;
    }

    /** The library frames of the raced accesses at {@code site}: each stack's innermost frame of the program, when not the site's own. */
    static Set<String> frames(SiteInfo site, List<TrialResult> results) {
        Set<String> out = new TreeSet<>();
        for (TrialResult t : results) {
            if (!t.raced() || t.race() == null) {
                continue;
            }
            for (TrialResult.Access a : t.race().accesses()) {
                if (site.key().equals(a.site()) && a.stack() != null) {
                    String top = innermost(a.stack());
                    String own = site.className() + "." + site.method().substring(0, site.method().indexOf('(')) + "(";
                    if (top != null && !top.startsWith(own)) {
                        out.add(top);
                    }
                }
            }
        }
        return out;
    }

    /** The stack's first frame that is the program's or a library's, not the scheduler parking the thread; module prefixes dropped. */
    static String innermost(String stack) {
        for (String f : stack.split(" <- ")) {
            String frame = f.strip().replaceFirst("^[\\w.$-]+(@[^/(]*)?/", "");
            if (frame.isEmpty() || frame.startsWith("racepipe.") || frame.startsWith("jdk.internal.misc.Unsafe.")
                    || frame.startsWith("java.util.concurrent.locks.LockSupport.") || frame.startsWith("java.lang.Thread.getStackTrace(")
                    || frame.startsWith("java.lang.Object.wait(")) {
                continue;
            }
            return frame;
        }
        return null;
    }
}
