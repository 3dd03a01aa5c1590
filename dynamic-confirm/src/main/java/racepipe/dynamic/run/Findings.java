package racepipe.dynamic.run;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import racepipe.contract.Outcome;
import racepipe.contract.TrialResult;
import racepipe.dynamic.detect.PairTable;
import racepipe.dynamic.explore.Dpor;
import racepipe.dynamic.explore.Execution;
import racepipe.dynamic.explore.TraceRaces;
import racepipe.dynamic.runtime.Site;
import racepipe.dynamic.runtime.Sites;

/**
 * What an exploration found: the union of the happens-before races of its executions and its
 * failures (an uncaught exception, a deadlock, a non-zero exit, a run without end), each kept
 * once with the schedule of the first execution that showed it; and how far it got.
 */
final class Findings {
    private final Dpor dpor;
    private final Map<String, Map<String, Object>> races = new LinkedHashMap<>();
    private final Map<String, Map<String, Object>> failures = new LinkedHashMap<>();
    private String stopped;
    private double seconds;

    Findings(Dpor dpor) {
        this.dpor = dpor;
    }

    void add(Execution ex, TrialResult r) {
        if (ex.blocked()) {
            return; // given up half way: its end is not the program's
        }
        PairTable pairs = TraceRaces.of(ex);
        for (PairTable.Entry e : pairs.entries().values()) {
            Site a = Sites.get(Math.min(e.siteA, e.siteB)), b = Sites.get(Math.max(e.siteA, e.siteB));
            String key = a.key().compareTo(b.key()) <= 0 ? a.key() + "|" + b.key() : b.key() + "|" + a.key();
            Map<String, Object> race = races.computeIfAbsent(key, k -> {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("key", k);
                m.put("variable", a.variable);
                m.put("sites", List.of(site(a), site(b)));
                m.put("schedule", ex.schedule());
                m.put("executions", 0);
                return m;
            });
            race.put("executions", (int) race.get("executions") + 1);
        }
        Map<String, Object> f = failure(ex, r);
        if (f != null) {
            // the JDK numbers threads across executions (Thread-7): one failure whatever the names
            failures.putIfAbsent(f.get("kind") + " " + String.valueOf(f.get("message")).replaceAll("Thread-\\d+", "Thread-N"), f);
        }
    }

    private static Map<String, Object> failure(Execution ex, TrialResult r) {
        Map<String, Object> f = new LinkedHashMap<>();
        if (ex.endless()) {
            f.put("kind", "endless");
            f.put("message", ex.cut() + " (a program that never ends, or a long one: see --max-steps)");
        } else if (r.outcome() == Outcome.DEADLOCK) {
            f.put("kind", "deadlock");
            f.put("message", r.deadlock() == null ? "every thread is blocked" : r.deadlock().replaceAll("\\s*\\| stacks:.*", ""));
        } else if (r.exception() != null) {
            f.put("kind", "exception");
            f.put("message", r.exception().type() + ": " + r.exception().message());
            f.put("type", r.exception().type());
            f.put("thread", r.exception().thread());
            f.put("stack", programFrames(r.exception().stack()));
        } else if (r.outcome() == Outcome.EXIT && r.exitStatus() != null && r.exitStatus() != 0) {
            f.put("kind", "exit");
            f.put("message", "System.exit(" + r.exitStatus() + ")");
        } else if (r.outcome() == Outcome.TIMEOUT) {
            f.put("kind", "timeout");
            f.put("message", r.note() == null ? "no end in time" : r.note());
        } else {
            return null;
        }
        f.put("schedule", ex.schedule());
        return f;
    }

    /** The stack without the frames of racepipe's reflective call of main (they follow main's own frame). */
    private static String programFrames(String stack) {
        if (stack == null) {
            return null;
        }
        int cut = stack.indexOf(" <- java.base/jdk.internal.reflect.");
        return cut < 0 ? stack : stack.substring(0, cut);
    }

    private static Map<String, Object> site(Site s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("key", s.key());
        m.put("class", s.owner.replace('/', '.'));
        m.put("method", s.method);
        m.put("bci", s.bci);
        m.put("file", s.file);
        m.put("line", s.line);
        m.put("access", s.write ? "write" : "read");
        return m;
    }

    void stopped(String why) {
        stopped = why;
    }

    void seconds(double s) {
        seconds = s;
    }

    int races() {
        return races.size();
    }

    int failures() {
        return failures.size();
    }

    List<Map<String, Object>> raceList() {
        return new ArrayList<>(races.values());
    }

    List<Map<String, Object>> failureList() {
        return new ArrayList<>(failures.values());
    }

    /** The exploring JVM's answer to the pipeline. */
    Map<String, Object> json() {
        Map<String, Object> m = new LinkedHashMap<>();
        String why = stopped != null ? stopped : dpor.incomplete();
        m.put("executions", dpor.executions());
        m.put("blocked", dpor.blocked());
        m.put("complete", why == null);
        m.put("incomplete", why);
        m.put("incompleteBecause", why); // the name the users look for; "incomplete" stays for older readers
        m.put("seconds", Math.round(seconds * 1000) / 1000.0);
        m.put("races", raceList());
        m.put("failures", failureList());
        return m;
    }
}
