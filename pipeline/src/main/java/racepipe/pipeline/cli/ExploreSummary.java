package racepipe.pipeline.cli;

import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** explore's terminal summary: how far it got, each race with both lines, each failure with its stack and replay. */
final class ExploreSummary {
    /** Uncaught, these say the class path is incomplete: the program never got going. */
    private static final Set<String> LINKAGE = Set.of("java.lang.NoClassDefFoundError", "java.lang.ClassNotFoundException",
            "java.lang.NoSuchMethodError", "java.lang.NoSuchFieldError", "java.lang.UnsupportedClassVersionError");

    private ExploreSummary() {
    }

    @SuppressWarnings("unchecked")
    static void print(PrintStream out, Map<String, Object> r, Integer bound) {
        boolean complete = Boolean.TRUE.equals(r.get("complete"));
        out.println("explored " + r.get("executions") + " executions" + (num(r.get("blocked")) > 0 ? " (+" + r.get("blocked")
                + " sleep-set blocked)" : "") + " in " + r.get("seconds") + " s: "
                + (complete ? "complete, every schedule up to equivalence" : "not complete: " + r.get("incomplete"))
                + (bound != null ? " (preemption bound " + bound + ")" : ""));
        List<Map<String, Object>> races = (List<Map<String, Object>>) r.get("races");
        out.println(races.isEmpty() ? "no race" : races.size() + " race" + (races.size() == 1 ? "" : "s") + ":");
        for (Map<String, Object> race : races) {
            out.println("  race on " + race.get("variable") + " (in " + race.get("executions") + " executions)");
            for (Map<String, Object> s : (List<Map<String, Object>>) race.get("sites")) {
                out.println("    " + s.get("access") + " at " + s.get("class") + "." + s.get("method") + " ("
                        + s.get("file") + ":" + s.get("line") + ")");
            }
            out.println("    replay: " + race.get("replay"));
        }
        List<Map<String, Object>> failures = (List<Map<String, Object>>) r.get("failures");
        out.println(failures.isEmpty() ? "no failure" : failures.size() + " failure" + (failures.size() == 1 ? "" : "s") + ":");
        for (Map<String, Object> f : failures) {
            out.println("  " + f.get("kind") + ": " + f.get("message") + (f.get("thread") != null ? " (thread " + f.get("thread") + ")" : ""));
            if (f.get("stack") != null) {
                for (String frame : String.valueOf(f.get("stack")).split(" <- ")) {
                    if (!frame.isBlank()) {
                        out.println("      at " + frame);
                    }
                }
            }
            out.println("    replay: " + f.get("replay"));
        }
    }

    /** The program never got going: a class was missing in its first execution. */
    @SuppressWarnings("unchecked")
    static String neverGotGoing(Map<String, Object> r) {
        for (Map<String, Object> f : (List<Map<String, Object>>) r.get("failures")) {
            if (LINKAGE.contains(String.valueOf(f.get("type")))) {
                return "the program never got going: " + f.get("message") + " (a class is missing: give its jar or folder with --cp)";
            }
        }
        return num(r.get("executions")) == 0 ? "the program never got going: no execution ended" : null;
    }

    private static long num(Object o) {
        return o instanceof Number n ? n.longValue() : 0;
    }
}
