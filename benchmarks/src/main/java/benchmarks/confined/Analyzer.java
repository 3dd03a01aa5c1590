package benchmarks.confined;

/**
 * One analyzer per thread, with its own text, tally and parser: thread-confined state. Only the
 * summary is shared.
 */
final class Analyzer implements Runnable {
    private final String[] lines;
    private final Summary summary;
    final Tally tally = new Tally();
    String name;
    int keys;

    Analyzer(String[] lines, Summary summary) {
        this.lines = lines;
        this.summary = summary;
    }

    @Override
    public void run() {
        String me = name; // @site nameRead
        LineParser parser = new LineParser();
        Scratch scratch = Scratch.MINE.get();
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (String line : lines) { // @site linesRead
            String level = parser.level(line);
            tally.count(level);
            seen.add(scratch.key(parser.message(line)));
        }
        keys = seen.size(); // @site keysWrite
        summary.merge(tally, lines.length);
        summary.lastAnalyzer = me; // @site lastWrite
    }
}
