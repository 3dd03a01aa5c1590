package racepipe.dynamic.runtime;

/**
 * Thrown in program threads when the trial is abandoned (System.exit in a trial, a deadlock, a
 * time out): they unwind at their next point. No stack trace: it is no error of the program.
 */
public final class Abort extends Error {
    public Abort() {
        super("racepipe: trial abandoned", null, false, false);
    }
}
