package racepipe.pipeline.model;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import racepipe.contract.Outcome;

/**
 * What people must know about Phase 1's dynamic runs that did not simply end: one line per kind,
 * e.g. "3 of 3 runs timed out after 10 s" (a detector saw only what ran before the kill).
 */
public final class RunNotes {
    private RunNotes() {
    }

    /** One line per method the agent left as it was: its accesses went unwatched, and a user must know it. */
    public static List<String> uninstrumented(List<racepipe.contract.RunResult.Uninstrumented> methods) {
        List<String> out = new ArrayList<>();
        if (methods != null) {
            methods.forEach(m -> out.add("not instrumented (its accesses were never watched): " + m.label() + ": " + m.reason()));
        }
        return out;
    }

    /** The method (ResultFile.uninstrumented's label) one of the pair's sites sits in, or null. */
    public static String unwatched(RacePair p, List<racepipe.contract.RunResult.Uninstrumented> methods) {
        if (methods == null) {
            return null;
        }
        for (SiteInfo s : p.sites) {
            int at = s.key().lastIndexOf('@');
            String method = (at < 0 ? s.key() : s.key().substring(0, at)).replace('/', '.');
            for (racepipe.contract.RunResult.Uninstrumented m : methods) {
                if (m.label().equals(method) || m.method().equals("*") && method.startsWith(m.owner() + ".")) {
                    return m.method().equals("*") ? m.owner() : m.label();
                }
            }
        }
        return null;
    }

    /** The note for runs analyze skipped: after one timed out, or when one added nothing (why). */
    public static String skipped(int n, Object why) {
        return n + " more run" + (n == 1 ? "" : "s") + " skipped (" + (why == null ? "a run that timed out would again" : why) + ")";
    }

    /**
     * The closing line when Phase 1 runs deadlocked, or null: a bug of its own that no race
     * verdict covers (and, in every run, a program whose end was never analysed).
     */
    public static String deadlocks(List<DetectRun> runs) {
        return deadlocks(runs, false);
    }

    /** {@code cycleReported}: a lock cycle was predicted from the runs (the deadlocks section shows its verdict). */
    public static String deadlocks(List<DetectRun> runs, boolean cycleReported) {
        long n = runs == null ? 0 : runs.stream().filter(r -> r.outcome() == Outcome.DEADLOCK).count();
        if (n == 0) {
            return null;
        }
        Hang missed = runs.stream().map(r -> Hang.of(r.hang())).filter(h -> h != null && h.kind().equals(Hang.MISSED))
                .findFirst().orElse(null);
        if (missed != null) {
            // a wait no notify can end: the program's own bug, whichever race or check-then-act let the notify come first
            return "hang: " + n + " of " + runs.size() + " Phase 1 run" + (runs.size() == 1 ? "" : "s") + " ended with every thread blocked; "
                    + missed.summary();
        }
        return "deadlock: " + n + " of " + runs.size() + " Phase 1 run" + (runs.size() == 1 ? "" : "s") + " deadlocked"
                + (n == runs.size() ? ", never ending" : "")
                + (cycleReported ? "; its lock cycle is under deadlocks, with its verdict"
                        : "; not a data race: `racepipe explore` finds and replays it");
    }

    /** {@code timeoutSeconds}: the bound each run had, or null when not known. */
    public static List<String> of(List<DetectRun> runs, Object timeoutSeconds) {
        List<String> out = new ArrayList<>();
        if (runs == null || runs.isEmpty()) {
            return out;
        }
        Map<Outcome, Integer> n = new LinkedHashMap<>();
        TreeSet<String> thrown = new TreeSet<>(), failures = new TreeSet<>();
        int failed = 0; // runs in which racepipe's detectors failed (their thread's exception): not the program's doing
        for (DetectRun r : runs) {
            boolean programThrew = false, detectorsFailed = false;
            for (DetectRun.Thrown t : r.exceptions() == null ? List.<DetectRun.Thrown>of() : r.exceptions()) {
                String type = t.type().substring(t.type().lastIndexOf('.') + 1);
                if (racepipe.contract.RunResult.DETECTORS.equals(t.thread())) {
                    detectorsFailed = true;
                    failures.add(type + (t.message() == null ? "" : ": " + t.message()));
                } else {
                    programThrew = true;
                    thrown.add(type);
                }
            }
            failed += detectorsFailed ? 1 : 0;
            if (r.outcome() != Outcome.EXCEPTION || programThrew || !detectorsFailed) {
                n.merge(r.outcome(), 1, Integer::sum);
            }
        }
        String of = " of " + runs.size() + " run" + (runs.size() == 1 ? "" : "s");
        if (failed > 0) {
            out.add("racepipe's detectors failed on an event in " + failed + of + " (" + String.join("; ", failures)
                    + "): their pairs may be wrong or missing; a bug of racepipe's (the run's log has the stack)");
        }
        if (n.containsKey(Outcome.TIMEOUT)) {
            out.add(n.get(Outcome.TIMEOUT) + of + " timed out" + (timeoutSeconds == null ? "" : " after " + timeoutSeconds + " s"));
        }
        int free = unseededAfterTimeout(runs);
        if (free > 0) {
            out.add(free + of + " ran under the JVM's scheduling, not replayable (a seeded run, one thread at a time, did not end in time)");
        }
        if (n.containsKey(Outcome.EXCEPTION)) {
            out.add(n.get(Outcome.EXCEPTION) + of + " ended in an uncaught exception (" + String.join(", ", thrown) + ")");
        }
        if (n.containsKey(Outcome.DEADLOCK)) {
            out.add(n.get(Outcome.DEADLOCK) + of + " deadlocked");
        }
        if (n.containsKey(Outcome.CRASHED)) {
            out.add(n.get(Outcome.CRASHED) + of + " crashed (no result from the run's JVM)");
        }
        return out;
    }

    /** The runs without a seed that came after a seeded run timed out (DetectRuns, analyze). */
    private static int unseededAfterTimeout(List<DetectRun> runs) {
        int n = 0;
        boolean timedOut = false;
        for (DetectRun r : runs) {
            if (r.seed() == null && timedOut) {
                n++;
            }
            timedOut |= r.seed() != null && r.outcome() == Outcome.TIMEOUT;
        }
        return n;
    }
}
