package racepipe.junit5.internal;

import java.util.ArrayList;
import java.util.List;
import racepipe.contract.TrialResult;
import racepipe.pipeline.model.Confirm;
import racepipe.pipeline.model.RacePair;
import racepipe.pipeline.model.SiteInfo;

/**
 * The failure message of a @RaceTest that raced: per confirmed pair the variable and verdict,
 * both accesses as {@code File.java:LINE} with their threads and stacks, the exception of a
 * harmful race, and the seed with the annotation (or property) that replays it.
 */
public final class Failures {
    /** Pairs shown in full; the report has the rest. */
    static final int SHOWN = 5;
    /** Stack frames shown per access. */
    static final int FRAMES = 8;

    private Failures() {
    }

    /** {@code test}: Class.method as people name it; {@code selector}: Class#method for surefire's -Dtest. */
    public static String races(List<RacePair> confirmed, String test, String selector, String report) {
        StringBuilder sb = new StringBuilder();
        sb.append("racepipe: ").append(confirmed.size()).append(confirmed.size() == 1 ? " data race" : " data races")
                .append(" confirmed in ").append(test).append(" (report: ").append(report).append(')');
        for (RacePair p : confirmed.subList(0, Math.min(SHOWN, confirmed.size()))) {
            sb.append('\n').append(pair(p, selector));
        }
        if (confirmed.size() > SHOWN) {
            sb.append("\n... and ").append(confirmed.size() - SHOWN).append(" more in the report");
        }
        return sb.toString();
    }

    static String pair(RacePair p, String selector) {
        StringBuilder sb = new StringBuilder();
        Confirm c = p.confirm;
        sb.append("race on ").append(p.variable).append(": ").append(p.verdict);
        if (c != null) {
            sb.append(" (raced in ").append(c.raced).append(" of ").append(c.trials).append(" trials)");
        }
        TrialResult t = c == null || c.examples == null ? null : c.examples.best();
        List<TrialResult.Access> unused = t == null || t.race() == null ? List.of() : new ArrayList<>(t.race().accesses());
        for (SiteInfo s : p.sites) {
            TrialResult.Access a = take(unused, s.key());
            sb.append("\n  ").append(String.format("%-5s", s.access())).append(" at ").append(s.file()).append(':').append(s.line())
                    .append(" in ").append(simple(s.className())).append('.').append(s.method().replaceFirst("\\(.*", ""));
            if (a != null) {
                sb.append(", thread ").append(a.thread());
                frames(sb, a.stack());
            }
        }
        if (t != null && t.exception() != null) {
            TrialResult.Thrown e = t.exception();
            sb.append("\n  then threw ").append(e.type()).append(e.message() == null ? "" : ": " + e.message())
                    .append(" in thread ").append(e.thread());
            frames(sb, e.stack());
        }
        if (t != null) {
            String spec = p.sites.get(0).key() + " " + p.sites.get(1).key() + " " + t.seed()
                    + ("racefuzzer".equals(t.scheduler()) || t.scheduler() == null ? "" : " " + t.scheduler());
            sb.append("\n  seed ").append(t.seed()).append("; replay it with @RaceTest(replay = \"").append(spec).append("\")")
                    .append("\n    or: mvn test -Dtest=").append(selector).append(" '-Dracepipe.replay=").append(spec).append('\'');
        }
        return sb.toString();
    }

    /** The first access not yet shown at this site: a site racing with itself shows both threads, one each. */
    private static TrialResult.Access take(List<TrialResult.Access> unused, String site) {
        for (int i = 0; i < unused.size(); i++) {
            if (unused.get(i).site().equals(site)) {
                return unused.remove(i);
            }
        }
        return null;
    }

    /** The frames of a " <- "-joined stack that are the program's: not the JDK's internals, reflection, racepipe's or the launcher's. */
    static void frames(StringBuilder sb, String stack) {
        int n = 0;
        for (String f : String.valueOf(stack).split(" <- ")) {
            String frame = f.strip().replaceFirst("^java\\.base@[^/]*/", "");
            if (frame.isEmpty() || frame.startsWith("jdk.internal.") || frame.startsWith("java.lang.reflect.")
                    || frame.startsWith("java.util.concurrent.locks.LockSupport.") || frame.startsWith("racepipe.dynamic.")
                    || frame.contains("$$RaceTest$")) {
                continue;
            }
            if (n++ == FRAMES) {
                sb.append("\n        ...");
                break;
            }
            sb.append("\n        at ").append(frame);
        }
    }

    private static String simple(String className) {
        return className.substring(className.lastIndexOf('.') + 1);
    }
}
