package benchmarks.jobboard;

import java.util.ArrayDeque;

/**
 * A board of jobs: the dispatcher posts, workers take, the dispatcher waits for the board to
 * drain and closes it, which lets the workers go. The bug is take()'s shortcut: it reads
 * {@code closed} outside the lock, and its wait checks only for jobs; a close() between the two
 * leaves a worker waiting for a notify that came already (a missed notification), and the
 * dispatcher's join never returns.
 */
final class JobBoard {
    private final Object lock = new Object();
    private final ArrayDeque<Job> jobs = new ArrayDeque<>();
    private boolean closed;
    private int posted;
    private int finished;
    /** The last finished job's name, for the progress line: a display, read and written without the lock. */
    private String lastFinished = "none";

    void post(Job job) {
        synchronized (lock) {
            jobs.addLast(job);
            posted++;
            lock.notifyAll();
        }
    }

    /** The next job, or null once the board is closed and empty. */
    Job take() throws InterruptedException {
        while (true) {
            synchronized (lock) {
                Job job = jobs.pollFirst();
                if (job != null) {
                    return job;
                }
            }
            if (closed) { // @site closedRead
                synchronized (lock) {
                    return jobs.pollFirst(); // what is left, then null
                }
            }
            synchronized (lock) {
                if (jobs.isEmpty()) {
                    lock.wait(); // woken by post() or close(): close() may have come already
                }
            }
        }
    }

    void close() {
        synchronized (lock) {
            closed = true; // @site closedWrite
            lock.notifyAll();
        }
    }

    void finished(Job job) {
        synchronized (lock) {
            finished++;
            lock.notifyAll(); // the dispatcher may be waiting for the board to drain
        }
        lastFinished = job.name; // @site lastWrite
    }

    /** Returns once every job posted so far has finished. */
    void awaitDrained() throws InterruptedException {
        synchronized (lock) {
            while (finished < posted) {
                lock.wait();
            }
        }
    }

    String progress() {
        return lastFinished; // @site lastRead
    }

    int finishedCount() {
        synchronized (lock) {
            return finished;
        }
    }

    int postedCount() {
        synchronized (lock) {
            return posted;
        }
    }
}
