package benchmarks.confined;

/** Parses "LEVEL message" log lines; it keeps where the level ended, so each thread makes its own. */
final class LineParser {
    private int end;

    /** The level of the line: the text before its first space. */
    String level(String text) {
        int p = 0;
        while (p < text.length() && text.charAt(p) != ' ') {
            p++;
        }
        end = p; // @site parseEnd
        return text.substring(0, p);
    }

    /** The message of the last line parsed. */
    String message(String text) {
        return text.substring(end); // @site parseEndRead
    }
}
