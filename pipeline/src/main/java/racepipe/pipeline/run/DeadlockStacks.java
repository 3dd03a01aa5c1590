package racepipe.pipeline.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import racepipe.pipeline.model.Candidate;
import racepipe.pipeline.model.Hang;
import racepipe.pipeline.model.SiteInfo;

/**
 * A confirmed lock cycle's stacks: each of its threads' stack where the confirming trial
 * deadlocked, taken from the scheduler's evidence ({@link Hang#stacks}). A
 * cycle thread is the trial thread whose first program frame is in the method of the acquire it
 * wants (on that acquire's line when the frame has one: a synchronized method takes its monitor
 * before its first line).
 */
final class DeadlockStacks {
    private DeadlockStacks() {
    }

    /** Per cycle thread (in the candidate's order), its stack in the trial's deadlock, or null where none matched; null when the evidence has no stacks. */
    static List<String> of(Candidate c, String evidence) {
        Map<String, String> byThread = Hang.stacks(evidence);
        if (byThread.isEmpty()) {
            return null;
        }
        List<String> out = new ArrayList<>();
        for (int i = 1; i < c.sites.size(); i += 2) {
            String name = threadAt(byThread, c.sites.get(i));
            out.add(name == null ? null : byThread.remove(name)); // two cycle threads at one acquire: two trial threads
        }
        return out;
    }

    private static String threadAt(Map<String, String> byThread, SiteInfo wanted) {
        String method = wanted.className() + "." + wanted.method().substring(0, wanted.method().indexOf('(')) + "(";
        String line = "(" + wanted.file() + ":" + wanted.line() + ")";
        String inMethod = null;
        for (Map.Entry<String, String> e : byThread.entrySet()) {
            String top = firstProgramFrame(e.getValue());
            if (top != null && top.startsWith(method)) {
                if (top.endsWith(line)) {
                    return e.getKey();
                }
                inMethod = inMethod == null ? e.getKey() : inMethod;
            }
        }
        return inMethod;
    }

    private static String firstProgramFrame(String stack) {
        for (String f : stack.split(" <- ")) {
            int paren = f.indexOf('(');
            String frame = paren < 0 ? f : f.substring(f.lastIndexOf('/', paren) + 1); // java.base@17/jdk.internal...: the module's prefix off
            if (!frame.startsWith("java.") && !frame.startsWith("jdk.") && !frame.startsWith("sun.") && !frame.isBlank()) {
                return frame.trim();
            }
        }
        return null;
    }
}
