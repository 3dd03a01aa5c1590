package racepipe.dynamic.runtime;

import java.util.ArrayList;
import java.util.List;

/**
 * How the program ended, as the program side sees it: its uncaught exceptions (any thread) and
 * a System.exit status. The outcome itself is decided from these by contract's Outcome.of.
 */
public final class ProgramEnd {
    /** One uncaught exception: its thread, type, message and stack. */
    public record Uncaught(String thread, String type, String message, String stack, long step) {
    }

    private static final List<Uncaught> UNCAUGHT = new ArrayList<>();
    private static volatile Integer exitStatus;

    private ProgramEnd() {
    }

    public static synchronized void uncaught(Thread t, Throwable e) {
        LibCalls.clear(); // the calls the exception left are over
        try (LibCalls.State paused = LibCalls.pause()) {
            record(t, e);
        }
    }

    private static void record(Thread t, Throwable e) {
        StringBuilder stack = new StringBuilder();
        for (StackTraceElement f : e.getStackTrace()) {
            if (!f.getClassName().startsWith("racepipe.dynamic.")) {
                stack.append(f).append(" <- ");
            }
        }
        Scheduling s = RT.sched;
        UNCAUGHT.add(new Uncaught(ThreadNames.of(t), e.getClass().getName(), String.valueOf(e.getMessage()), stack.toString(),
                s == null ? -1 : s.turns()));
    }

    public static synchronized List<Uncaught> uncaught() {
        return new ArrayList<>(UNCAUGHT);
    }

    static void exitCalled(int status) {
        exitStatus = status;
    }

    public static Integer exitStatus() {
        return exitStatus;
    }

    public static synchronized void reset() {
        UNCAUGHT.clear();
        exitStatus = null;
    }
}
