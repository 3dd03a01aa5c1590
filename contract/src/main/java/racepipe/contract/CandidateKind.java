package racepipe.contract;

/**
 * What a Phase 2 candidate is: a race pair, a lock cycle (a deadlock) or an atomic block with its
 * interleaving access (an atomicity violation). Every kind goes the one way through ranking,
 * trials, the stopping rule, verdicts, replay and reports; a kind names only what differs: the
 * scheduler strategy that makes it happen in a trial (the worker's mode), the report.json list it
 * is reported in, and the replay option that names its sites.
 */
public enum CandidateKind {
    RACE("race", "racefuzzer", "pairs", "--pair"),
    LOCK_CYCLE("deadlock", "deadlockfuzzer", "deadlocks", "--deadlock"),
    ATOMIC_BLOCK("atomicity", "atomfuzzer", "atomicity", "--atomic");

    /** The kind's name in run files, trials.jsonl keys and reports. */
    public final String label;
    /** The trial worker's scheduler mode whose strategy directs a trial at a candidate of this kind. */
    public final String scheduler;
    /** The list of report.json that holds this kind's candidates. */
    public final String section;
    /** The replay option that names a candidate's sites. */
    public final String replayOption;

    CandidateKind(String label, String scheduler, String section, String replayOption) {
        this.label = label;
        this.scheduler = scheduler;
        this.section = section;
        this.replayOption = replayOption;
    }

    /** The kind of a label, or null. */
    public static CandidateKind of(String label) {
        for (CandidateKind k : values()) {
            if (k.label.equals(label)) {
                return k;
            }
        }
        return null;
    }
}
