package racepipe.contract;

/**
 * How a run or a trial ended. The rule that decides it lives here once: a deadlock wins over a
 * System.exit, which wins over an uncaught exception, then a trial cut short, then a run that did
 * not finish in time. CUT: RaceFuzzer stopped steering without a race of the pair, so the rest of
 * the run could not race it, and the trial was ended there (its note says when).
 */
public enum Outcome {
    OK, EXCEPTION, DEADLOCK, TIMEOUT, EXIT, CRASHED, CUT;

    /** The outcome of a program that ran (for one that did not answer at all: TIMEOUT or CRASHED). */
    public static Outcome of(boolean deadlocked, boolean exited, boolean threw, boolean finished) {
        return of(deadlocked, exited, threw, false, finished);
    }

    /** With {@code cut}: the trial was ended on purpose before the program did. */
    public static Outcome of(boolean deadlocked, boolean exited, boolean threw, boolean cut, boolean finished) {
        return deadlocked ? DEADLOCK : exited ? EXIT : threw ? EXCEPTION : cut ? CUT : !finished ? TIMEOUT : OK;
    }

    /** The program ran to an end of its own, or was cut on purpose (a worker may run the next trial). */
    public boolean ended() {
        return this == OK || this == EXCEPTION || this == EXIT || this == DEADLOCK || this == CUT;
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
