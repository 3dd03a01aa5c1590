package benchmarks.confined;

/** Counts by level for one analyzer; written only by that analyzer's thread. */
final class Tally {
    int errors;
    int warnings;
    int other;

    void count(String level) {
        if (level.equals("ERROR")) {
            errors = errors + 1; // @site tallyErrors
        } else if (level.equals("WARN")) {
            warnings = warnings + 1; // @site tallyWarnings
        } else {
            other = other + 1; // @site tallyOther
        }
    }
}
