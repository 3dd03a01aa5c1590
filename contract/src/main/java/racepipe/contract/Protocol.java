package racepipe.contract;

/**
 * The Phase 2 worker protocol, one line each way. The worker says {@code READY}; the parent
 * sends {@code trial SEED SCHEDULER TIMEOUT_MS}; the worker answers {@code RESULT {json}}, or
 * {@code LAST {json}} when the trial left threads it cannot stop and it quits after answering.
 * Anything else on the worker's output is noise (a JVM warning) and is kept for a crash note.
 */
public final class Protocol {
    public static final String READY = "READY";
    private static final String TRIAL = "trial ";
    private static final String RESULT = "RESULT ";
    private static final String LAST = "LAST ";

    private Protocol() {
    }

    /** The parent's request for one trial. */
    public record TrialRequest(long seed, String scheduler, long timeoutMillis) {
        public String line() {
            return TRIAL + seed + " " + scheduler + " " + timeoutMillis;
        }

        /** The request on a line, or null when the line is not one (the parent is done). */
        public static TrialRequest parse(String line) {
            String[] f = line.trim().split(" ");
            if (f.length != 4 || !(f[0] + " ").equals(TRIAL)) {
                return null;
            }
            return new TrialRequest(Long.parseLong(f[1]), f[2], Long.parseLong(f[3]));
        }
    }

    /** The worker's answer: the result, and whether the worker quits after it. */
    public record Answer(TrialResult result, boolean last) {
        public String line() {
            return (last ? LAST : RESULT) + result.toJson();
        }

        /** The answer on a line; null when the line is no answer; IllegalArgumentException when it is garbled. */
        public static Answer parse(String line) {
            if (line.startsWith(RESULT)) {
                return new Answer(TrialResult.parse(line.substring(RESULT.length())), false);
            }
            if (line.startsWith(LAST)) {
                return new Answer(TrialResult.parse(line.substring(LAST.length())), true);
            }
            return null;
        }
    }
}
