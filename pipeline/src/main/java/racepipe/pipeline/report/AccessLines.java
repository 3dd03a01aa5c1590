package racepipe.pipeline.report;

import java.util.ArrayList;
import java.util.List;
import racepipe.contract.TrialResult;
import racepipe.pipeline.model.SiteInfo;

/**
 * How every surface prints a race's two accesses (@RaceTest's failure, {@code racepipe replay}):
 * from the records report.json holds, never re-derived. Each access gets its site's line, the
 * kind and variable the trial's scheduler saw (the library's own field inside a library call;
 * the site's kind when the trial did not say), its thread and the program's frames of its stack.
 * A site racing with itself shows its two accesses, one each.
 */
public final class AccessLines {
    /** Stack frames shown per access. */
    public static final int FRAMES = 8;

    private AccessLines() {
    }

    /** One block per site of the pair: the access line, then its frames. */
    public static List<String> of(List<SiteInfo> sites, TrialResult t, String pairVariable) {
        List<TrialResult.Access> unused = t == null || t.race() == null ? new ArrayList<>() : new ArrayList<>(t.race().accesses());
        List<String> out = new ArrayList<>();
        for (SiteInfo s : sites) {
            TrialResult.Access a = take(unused, s.key());
            String kind = a != null && a.kind() != null ? a.kind() : s.access();
            StringBuilder sb = new StringBuilder(String.format("%-5s", kind)).append(" at ").append(s.file()).append(':')
                    .append(s.line()).append(" in ").append(simple(s.className())).append('.')
                    .append(s.method().replaceFirst("\\(.*", ""));
            if (a != null && a.variable() != null && !a.variable().equals(pairVariable)) {
                sb.append(" (").append(a.variable()).append(')');
            }
            if (a != null) {
                sb.append(", thread ").append(a.thread());
                frames(sb, a.stack());
            }
            out.add(sb.toString());
        }
        return out;
    }

    /** The first access not yet shown at this site. */
    private static TrialResult.Access take(List<TrialResult.Access> unused, String site) {
        for (int i = 0; i < unused.size(); i++) {
            if (unused.get(i).site().equals(site)) {
                return unused.remove(i);
            }
        }
        return null;
    }

    /** The frames of a " <- "-joined stack that are the program's: not the JDK's internals, reflection, racepipe's or a launcher's. */
    public static void frames(StringBuilder sb, String stack) {
        int n = 0;
        for (String f : String.valueOf(stack).split(" <- ")) {
            String frame = f.strip().replaceFirst("^java\\.base@[^/]*/", "").replaceFirst("^java\\.base/", "");
            if (frame.isEmpty() || frame.equals("null") || frame.startsWith("jdk.internal.") || frame.startsWith("java.lang.reflect.")
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
