package benchmarks.confined;

/**
 * Thread-confined objects: three analyzers each parse their own slice of a log with their own
 * parser, tally and ThreadLocal scratch buffer (one allocation site each, many runtime objects),
 * and merge into one shared summary under its monitor. The first argument is lines per analyzer.
 */
public final class Main {
    private static final String[] LEVELS = {"INFO", "WARN", "ERROR", "DEBUG"};

    public static void main(String[] args) throws InterruptedException {
        int perAnalyzer = args.length > 0 ? Integer.parseInt(args[0]) : 100;
        Summary summary = new Summary();
        Analyzer[] analyzers = new Analyzer[3];
        Thread[] threads = new Thread[3];
        for (int a = 0; a < analyzers.length; a++) {
            String[] lines = new String[perAnalyzer];
            for (int i = 0; i < perAnalyzer; i++) {
                lines[i] = LEVELS[(i * (a + 1)) % LEVELS.length] + " request " + (i % 13) + " took " + i + "ms"; // @site linesWrite
            }
            analyzers[a] = new Analyzer(lines, summary);
            analyzers[a].name = "Analyzer-" + (a + 1); // @site nameWrite
            threads[a] = new Thread(analyzers[a], analyzers[a].name);
            threads[a].start();
        }
        int errors = 0;
        int keys = 0;
        for (int a = 0; a < analyzers.length; a++) {
            threads[a].join();
            errors += analyzers[a].tally.errors; // @site tallyRead
            keys += analyzers[a].keys; // @site keysRead
        }
        String report = summary.report();
        String last = summary.lastAnalyzer; // @site lastRead
        System.out.println("confined: " + report + " (" + errors + " counted), " + keys + " keys, last " + last);
    }
}
