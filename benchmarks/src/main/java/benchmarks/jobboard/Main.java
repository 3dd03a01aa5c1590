package benchmarks.jobboard;

import java.util.ArrayList;
import java.util.List;

/**
 * A dispatcher posts invoice jobs to a board, two workers render them, the dispatcher waits for
 * the board to drain, closes it and joins the workers, then checks every job was rendered once with the right checksum.
 * The first argument is the number of jobs.
 */
public final class Main {
    public static void main(String[] args) throws InterruptedException {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 240;
        JobBoard board = new JobBoard();
        Worker w1 = new Worker(board, "Worker-1");
        Worker w2 = new Worker(board, "Worker-2");
        w1.start();
        w2.start();
        List<Job> all = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Job job = new Job("invoice-" + i, 20 + i % 40);
            all.add(job);
            board.post(job);
            if (i % 60 == 59) {
                System.out.println("posted " + (i + 1) + ", last finished " + board.progress());
            }
        }
        board.awaitDrained();
        board.close();
        w1.join();
        w2.join();
        long sum = 0;
        for (Job job : all) {
            long want = Job.render(job.name, job.lines);
            if (job.checksum != want) { // @site checksumRead
                throw new IllegalStateException(job.name + " rendered wrong: " + job.checksum + " != " + want);
            }
            sum += job.checksum;
        }
        if (board.finishedCount() != n || w1.done + w2.done != n || board.postedCount() != n) { // @site doneRead
            throw new IllegalStateException("finished " + board.finishedCount() + " of " + n);
        }
        System.out.println("jobboard: " + n + " jobs, checksum sum " + sum);
    }
}
