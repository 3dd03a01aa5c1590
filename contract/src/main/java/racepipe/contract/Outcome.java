package racepipe.contract;

/**
 * How a run or a trial ended. The rule that decides it lives here once: a deadlock wins over a
 * System.exit, which wins over an uncaught exception, then a run that did not finish in time.
 */
public enum Outcome {
    OK, EXCEPTION, DEADLOCK, TIMEOUT, EXIT, CRASHED;

    /** The outcome of a program that ran (for one that did not answer at all: TIMEOUT or CRASHED). */
    public static Outcome of(boolean deadlocked, boolean exited, boolean threw, boolean finished) {
        return deadlocked ? DEADLOCK : exited ? EXIT : threw ? EXCEPTION : !finished ? TIMEOUT : OK;
    }

    /** The program ran to an end of its own (a worker may run the next trial). */
    public boolean ended() {
        return this == OK || this == EXCEPTION || this == EXIT || this == DEADLOCK;
    }

    /** The name in files and reports: "ok", "exception", ... */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    @Override
    public String toString() {
        return label();
    }

    /** The outcome of a label; an unknown label is a run that crashed. */
    public static Outcome of(String label) {
        for (Outcome o : values()) {
            if (o.label().equals(label)) {
                return o;
            }
        }
        return CRASHED;
    }
}
