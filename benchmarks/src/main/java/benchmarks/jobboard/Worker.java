package benchmarks.jobboard;

/** Takes jobs off the board until it is closed and empty. */
final class Worker extends Thread {
    private final JobBoard board;
    int done;

    Worker(JobBoard board, String name) {
        super(name);
        this.board = board;
    }

    @Override
    public void run() {
        try {
            Job job;
            while ((job = board.take()) != null) {
                job.checksum = Job.render(job.name, job.lines); // @site checksumWrite
                done++; // @site doneWrite
                board.finished(job);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
