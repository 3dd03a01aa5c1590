package racepipe.pipeline.model;

/**
 * A run or trial that ended with every thread blocked, as the scheduler proved it: its kind
 * (a lock cycle, a missed notification, every thread blocked otherwise) and what each thread
 * waits for, with the line of a wait. A hang is a failure like an uncaught exception: the program
 * would never end.
 */
public record Hang(String kind, String summary) {
    public static final String CYCLE = "lock cycle";
    public static final String MISSED = "missed notification";
    public static final String BLOCKED = "every thread blocked";

    /** Where the evidence's stacks begin: {@code | stacks: NAME: frames ; ...}. */
    private static final String STACKS = "| stacks:";

    /** The hang the scheduler's evidence describes, or null for none. */
    public static Hang of(String evidence) {
        if (evidence == null || evidence.isBlank()) {
            return null;
        }
        int stacks = evidence.indexOf(STACKS);
        String summary = (stacks < 0 ? evidence : evidence.substring(0, stacks)).trim();
        if (summary.endsWith(";")) {
            summary = summary.substring(0, summary.length() - 1);
        }
        String kind = summary.startsWith("cycle:") ? CYCLE : summary.startsWith(MISSED + ":") ? MISSED : BLOCKED;
        return new Hang(kind, summary);
    }

    /** The evidence's stacks, by thread name, frames joined by " <- " (empty when it has none). */
    public static java.util.Map<String, String> stacks(String evidence) {
        java.util.Map<String, String> out = new java.util.LinkedHashMap<>();
        int at = evidence == null ? -1 : evidence.indexOf(STACKS);
        if (at < 0) {
            return out;
        }
        for (String part : evidence.substring(at + STACKS.length()).split(" ; ")) {
            int colon = part.indexOf(": ");
            if (colon > 0) {
                out.put(part.substring(0, colon).trim(), part.substring(colon + 2).trim());
            }
        }
        return out;
    }

    /** The name a trial's failure counts under beside exception types: "hang: missed notification". */
    public String failure() {
        return "hang: " + kind;
    }
}
