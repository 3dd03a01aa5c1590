package benchmarks.logservice;

/** Immutable configuration: its field is final, so only the reference {@code cfg} can race. */
final class Config {
    final int max;

    Config(int max) {
        this.max = max;
    }
}
