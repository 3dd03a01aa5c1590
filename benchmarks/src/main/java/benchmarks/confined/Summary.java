package benchmarks.confined;

/** The one object the analyzers share: merged under its monitor, plus a plain debug field. */
final class Summary {
    private int errors;
    private int lines;
    String lastAnalyzer;

    synchronized void merge(Tally t, int lineCount) {
        errors = errors + t.errors; // @site mergeErrors
        lines = lines + lineCount;
    }

    synchronized String report() {
        return errors + " errors in " + lines + " lines"; // @site report
    }
}
