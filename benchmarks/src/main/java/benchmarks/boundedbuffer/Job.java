package benchmarks.boundedbuffer;

/** A unit of work: filled by its producer, completed by the consumer that takes it. */
final class Job {
    final int id;
    int[] data;
    long result;

    Job(int id) {
        this.id = id;
    }
}
