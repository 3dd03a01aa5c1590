package benchmarks.heartbeat;

/** Mutable settings, filled by main and then handed to the worker through a volatile flag. */
final class Settings {
    int batch;
    String name;
}
