package racepipe.pipeline.report;

import java.util.List;

/** What the verdicts and the predictors mean, in the words the terminal table and report.html use. */
public final class Legend {
    /** Verdict, then its meaning. */
    public static final List<String[]> VERDICTS = List.of(
            new String[] {"harmful", "a trial made the race happen and one order of the two accesses threw or hung (every thread blocked)"},
            new String[] {"real", "a trial made the race happen; no order threw, or what threw was another race's (the reason is given)"},
            new String[] {"unconfirmed", "no trial made it happen: a false alarm or a rare race (never \"false\")"},
            new String[] {"unreached", "no run showed either access racing (Phase 1, plain and probe trials): not run, or always protected"},
            new String[] {"untried", "the budget or a signal ended analyze before its turn (--resume continues)"});

    /** Short name in the terminal table, name, meaning. */
    public static final List<String[]> PREDICTORS = List.of(
            new String[] {"st", "static", "static analysis of the bytecode (call graph + points-to): sees code no run executed"},
            new String[] {"ls", "ls", "lockset: two threads, one write, no common lock, in a run"},
            new String[] {"er", "eraser", "Eraser: lockset with the Virgin/Exclusive/Shared states (initialisation is not a race)"},
            new String[] {"hy", "hybrid", "lockset and not ordered by start/join/wait-notify or hand-offs"},
            new String[] {"hb", "hb", "happens-before: not ordered by locks, start/join, volatiles or hand-offs (vector clocks)"},
            new String[] {"sh", "shb", "schedulable happens-before: HB plus reads-from; every pair has a schedule that puts it side by side"},
            new String[] {"wc", "wcp", "weak causal precedence: HB with locks ordering only conflicting critical sections (sound for the first race)"},
            new String[] {"sy", "syncp", "sync-preserving: some reordering keeping the critical sections' order makes it adjacent"});

    private Legend() {
    }
}
