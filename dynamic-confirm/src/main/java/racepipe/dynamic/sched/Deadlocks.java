package racepipe.dynamic.sched;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * A deadlock is reported only with its evidence: the cycle of threads and locks, or else every
 * thread blocked on what the scheduler models (a lock with its holder named, a join with the
 * thread it waits for, a wait that nobody is left to notify). A cycle is evidence whatever the
 * other threads do (main waiting in a Future's get for a task of the cycle, say): its threads
 * wait for each other. Without one, a thread that could run, runs outside the turn, or waits on
 * something outside the model (a latch, a queue, I/O) means no evidence, and none is reported.
 * <p>The evidence starts with its kind: {@code cycle:} (threads waiting for each other's locks
 * or ends), {@code missed notification:} (no cycle, and some thread waits for a notify that no
 * thread is left to send: the notify came before the wait, or never), else {@code every thread
 * blocked:}. A thread waiting for a notify is named with the line of its wait.
 */
final class Deadlocks {
    /** The evidence's start when the hang is a wait that no notify can end. */
    static final String MISSED_NOTIFICATION = "missed notification: ";

    private Deadlocks() {
    }

    /** How many threads the evidence's cycle has (0: no cycle, every thread blocked otherwise). */
    static int cycleLength(String evidence) {
        if (evidence == null || !evidence.startsWith("cycle: ")) {
            return 0;
        }
        int end = evidence.indexOf("| stacks:");
        String threads = end < 0 ? evidence : evidence.substring(0, end);
        int n = 0;
        for (int i = threads.indexOf("; "); i >= 0; i = threads.indexOf("; ", i + 2)) {
            n++; // each thread's part ends with "; "
        }
        return n;
    }

    /** The program's frame that called wait (the first frame outside the JDK and racepipe), or "?" when none shows. */
    static String waitLine(SchedThread t) {
        for (StackTraceElement f : t.runner.getStackTrace()) {
            String c = f.getClassName();
            if (!c.startsWith("racepipe.dynamic.") && !c.startsWith("java.") && !c.startsWith("jdk.") && !c.startsWith("sun.")) {
                return c + "." + f.getMethodName() + "(" + f.getFileName() + ":" + f.getLineNumber() + ")"; // no loader prefix (app//)
            }
        }
        return "?";
    }

    /** The evidence that no live thread can ever run again, or null when there is none. */
    static String evidence(List<SchedThread> threads, LockModel locks) {
        List<SchedThread> live = new ArrayList<>();
        for (SchedThread t : threads) {
            if (t.state != SchedThread.State.ENDED) {
                live.add(t);
            }
        }
        if (live.stream().allMatch(t -> t.thread.isDaemon())) {
            return null; // only daemons left blocked: the JVM ends the program, no hang
        }
        Map<SchedThread, List<SchedThread>> waitsFor = new IdentityHashMap<>();
        Map<SchedThread, String> what = new IdentityHashMap<>();
        boolean missed = false;
        boolean unproven = false; // a thread runs, may run, or blocks outside the model: only a cycle can prove a hang
        for (SchedThread t : live) {
            String w = blockedOn(t, locks, waitsFor);
            if (w == null) {
                unproven = true;
                continue;
            }
            missed |= waitsForNothing(t);
            what.put(t, w);
        }
        List<SchedThread> cycle = cycle(live, waitsFor);
        if (cycle == null && unproven) {
            return null;
        }
        StringBuilder sb = new StringBuilder();
        if (cycle != null) {
            sb.append("cycle: ");
            for (SchedThread t : cycle) {
                sb.append(t.name());
                List<Object> held = locks.heldBy(t);
                if (!held.isEmpty()) {
                    sb.append(" holds ");
                    for (int i = 0; i < held.size(); i++) {
                        sb.append(i == 0 ? "" : ", ").append(locks.name(held.get(i)));
                    }
                    sb.append(" and");
                }
                sb.append(' ').append(what.get(t)).append("; ");
            }
        } else {
            sb.append(missed ? MISSED_NOTIFICATION : "every thread blocked: ");
            List<SchedThread> waitersFirst = new ArrayList<>(live); // the waits no notify can end lead: they are the bug
            waitersFirst.sort(java.util.Comparator.comparingInt(t -> waitsForNothing(t) ? 0 : 1));
            for (SchedThread t : waitersFirst) {
                sb.append(t.name()).append(' ').append(what.get(t)).append("; ");
            }
        }
        sb.append("| stacks: ");
        for (SchedThread t : live) {
            sb.append(t.name()).append(": ").append(Stacks.of(t.runner.getStackTrace())).append(" ; ");
        }
        return sb.toString();
    }

    /**
     * What t is blocked on, in the model, with the threads it waits for put in waitsFor; null when
     * it is not provably blocked (it runs or may run, is outside the turn, waits with a timeout, or
     * blocks in a JDK call the model does not follow: a Future, a latch, a queue, I/O).
     */
    private static String blockedOn(SchedThread t, LockModel locks, Map<SchedThread, List<SchedThread>> waitsFor) {
        if (t.state != SchedThread.State.PARKED && t.state != SchedThread.State.POSTPONED) {
            return null;
        }
        List<SchedThread> on = new ArrayList<>();
        String w;
        switch (t.op) {
            case ACQUIRE -> {
                on.addAll(others(locks.holders(t.lock), t));
                w = "waits to acquire " + locks.name(t.lock) + held(on);
            }
            case WAIT -> {
                if (t.timed) {
                    return null;
                }
                if (!waitsForNothing(t)) {
                    on.addAll(others(locks.holders(t.lock), t));
                    w = "was notified and waits to reacquire " + locks.name(t.lock) + held(on);
                } else {
                    w = "waits at " + waitLine(t) + " for a notify on " + locks.name(t.waitObject) + " that no thread is left to send";
                }
            }
            case JOIN -> {
                if (t.timed || t.joinTarget == null) {
                    return null;
                }
                on.add(t.joinTarget);
                w = "waits for " + t.joinTarget.name() + " to end";
            }
            default -> {
                return null; // a point, an access, a JDK call: not the model's to prove
            }
        }
        if (t.op != SchedThread.Op.WAIT && on.isEmpty()) {
            return null; // nobody holds what it waits for: it is not blocked
        }
        waitsFor.put(t, on);
        return w;
    }

    private static boolean waitsForNothing(SchedThread t) {
        return t.op == SchedThread.Op.WAIT && !t.notified;
    }

    private static List<SchedThread> others(List<SchedThread> holders, SchedThread t) {
        List<SchedThread> out = new ArrayList<>(holders);
        out.remove(t);
        return out;
    }

    private static String held(List<SchedThread> by) {
        if (by.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder(", held by ");
        for (int i = 0; i < by.size(); i++) {
            SchedThread h = by.get(i);
            sb.append(i == 0 ? "" : " and ").append(h.name());
            if (h.state == SchedThread.State.ENDED) {
                sb.append(" (ended)");
            }
        }
        return sb.toString();
    }

    /** A cycle in the waits-for graph, from the first thread (in roster order) on one; null when none. */
    private static List<SchedThread> cycle(List<SchedThread> live, Map<SchedThread, List<SchedThread>> waitsFor) {
        for (SchedThread start : live) {
            List<SchedThread> path = new ArrayList<>();
            SchedThread t = start;
            while (t != null && !path.contains(t)) {
                path.add(t);
                List<SchedThread> next = waitsFor.get(t);
                t = next == null || next.isEmpty() ? null : next.get(0);
            }
            if (t != null) {
                return path.subList(path.indexOf(t), path.size());
            }
        }
        return null;
    }
}
