package benchmarks.spooler;

/** A print job, filled in by the spooler before it is queued. */
final class PrintJob {
    final int id;
    String document;
    int pages;

    PrintJob(int id) {
        this.id = id;
    }
}
