package racepipe.pipeline.report;

/**
 * The verdicts, in the order a report shows them, with how SARIF rates each: harmful, real and
 * unconfirmed come from trials; unreached (code this input does not seem to run) and untried (the
 * budget or a signal came first) are no finding, so SARIF gives them level none.
 */
enum Verdict {
    HARMFUL("harmful", "racepipe/harmful-race", "error", "very-high", "Harmful data race",
            "Two threads accessed the same variable one step apart with no ordering between them, "
                    + "and at least one of the two orders made the program throw or hang.",
            "racepipe made this race happen under a controlled scheduler and one order of the two accesses "
                    + "threw an exception or left every thread blocked for good (a missed notification, a deadlock). Order the accesses with a common lock, a volatile field or a "
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
                    + "not see) or a rare race. Review the predictors' evidence; more trials may confirm it."),
    UNREACHED("unreached", "racepipe/unreached-race-candidate", "none", "low", "Race candidate this input never showed racing",
            "A predictor reported this pair, but no run showed either access racing: no detector saw them in Phase 1, "
                    + "a plain trial did not bring them together and the probe trials did not make them race.",
            "Static analysis reported this pair, but with the arguments racepipe was given the program either does not "
                    + "run these accesses or runs them only protected (under one lock, in one thread). Analyze it with an "
                    + "input that runs them concurrently to find out whether they race."),
    UNTRIED("untried", "racepipe/untried-race-candidate", "none", "low", "Race candidate not tried",
            "A predictor reported this pair, but analyze was stopped (its --budget ran out, or a signal) before "
                    + "the pair's trials.",
            "analyze ended before this candidate's turn. Run analyze again with --resume on its out folder, or with "
                    + "a larger --budget, to try it.");

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

    /** Listed in a compact table in report.html, not shown pair by pair: no trial said anything about them. */
    boolean listOnly() {
        return this == UNREACHED || this == UNTRIED;
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
