package racepipe.pipeline.report;

/** The three verdicts, in the order a report shows them, with how SARIF rates each. */
enum Verdict {
    HARMFUL("harmful", "racepipe/harmful-race", "error", "very-high", "Harmful data race",
            "Two threads accessed the same variable one step apart with no ordering between them, "
                    + "and at least one of the two orders made the program throw.",
            "racepipe made this race happen under a controlled scheduler and one order of the two accesses "
                    + "threw an exception. Order the accesses with a common lock, a volatile field or a "
                    + "happens-before edge (start/join, a latch, a concurrent collection). Run the replay "
                    + "command in the message to see the crash again, with the same schedule."),
    REAL("real", "racepipe/real-race", "warning", "very-high", "Data race",
            "Two threads accessed the same variable one step apart with no ordering between them; "
                    + "no order threw in the trials.",
            "racepipe made this race happen under a controlled scheduler; no trial threw, but the outcome "
                    + "still depends on which thread goes first. If the race is intended, document it; else "
                    + "order the accesses. Run the replay command in the message to see the race again."),
    UNCONFIRMED("unconfirmed", "racepipe/unconfirmed-race", "note", "low", "Unconfirmed race candidate",
            "A predictor reported this pair as a possible race, but no trial brought the two accesses "
                    + "together on the same address.",
            "A static or dynamic predictor reported this pair, but directed scheduling never created the "
                    + "race: it may be a false alarm (the accesses are ordered in a way the predictor does "
                    + "not see) or a rare race. Review the predictors' evidence; more trials may confirm it.");

    final String name;
    final String ruleId;
    final String level;
    final String precision;
    final String title;
    final String description;
    final String help;

    Verdict(String name, String ruleId, String level, String precision, String title, String description,
            String help) {
        this.name = name;
        this.ruleId = ruleId;
        this.level = level;
        this.precision = precision;
        this.title = title;
        this.description = description;
        this.help = help;
    }

    static Verdict of(String verdict) {
        for (Verdict v : values()) {
            if (v.name.equalsIgnoreCase(verdict == null ? "" : verdict.trim())) {
                return v;
            }
        }
        return UNCONFIRMED;
    }
}
