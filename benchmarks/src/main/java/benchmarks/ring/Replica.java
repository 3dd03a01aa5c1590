package benchmarks.ring;

/**
 * One replica of a ring: it applies a checkpoint under its own monitor and, still holding it,
 * hands the checkpoint to the next replica (whose monitor it then takes), so that no reader sees
 * a replica ahead of its successor. Three replicas that publish at once each hold their own
 * monitor and wait for the next one's: a cycle of three threads.
 */
final class Replica {
    final String name;
    Replica next;
    private long version;
    private long applied;
    private final long[] history = new long[32];

    Replica(String name) {
        this.name = name;
    }

    /** A checkpoint made here: applied, then passed on to the next replica. */
    synchronized void publish(long checkpoint) {
        record(checkpoint); // @lock publish
        next.accept(checkpoint); // @site nextRead
    }

    /** A checkpoint from the previous replica. */
    synchronized void accept(long checkpoint) {
        record(checkpoint); // @lock accept
    }

    private void record(long checkpoint) {
        version = Math.max(version, checkpoint); // @site version
        history[(int) (applied++ % history.length)] = checkpoint; // @site history
    }

    synchronized long version() {
        return version;
    }

    synchronized long applied() {
        return applied;
    }
}
