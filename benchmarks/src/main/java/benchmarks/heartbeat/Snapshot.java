package benchmarks.heartbeat;

/** The worker's progress: a fresh object per beat, filled before it is published, never after. */
final class Snapshot {
    int processed;
    long checksum;
}
