package racepipe.dynamic.sched;

import java.util.List;

/** Stacks as reports show them: the program's frames only, joined by " <- ". */
final class Stacks {
    private Stacks() {
    }

    static String of(StackTraceElement[] frames) {
        StringBuilder sb = new StringBuilder();
        for (StackTraceElement f : frames) {
            String c = f.getClassName();
            if (!c.startsWith("racepipe.dynamic.") && !c.startsWith("java.lang.Thread")) {
                sb.append(f).append(" <- ");
            }
        }
        return sb.toString();
    }

    /** A deadlock: what every thread that has not ended waits to do, with its stack. */
    static String deadlock(List<SchedThread> threads) {
        StringBuilder sb = new StringBuilder();
        for (SchedThread t : threads) {
            if (t.op != SchedThread.Op.ENDED) {
                sb.append(t.name()).append(" waits to ").append(t.op).append(": ")
                        .append(of(t.thread.getStackTrace())).append(" ; ");
            }
        }
        return sb.toString();
    }
}
