package benchmarks.logservice;

/** A logger used by W alone; its buffer is a final field. */
final class Log {
    private final StringBuilder lines = new StringBuilder();

    void append(String line) {
        lines.append(line).append('\n');
    }
}
