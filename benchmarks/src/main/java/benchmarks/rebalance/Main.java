package benchmarks.rebalance;

/**
 * A work-sharing pool of two workers whose queues start unbalanced. Each worker runs its own
 * queue's jobs (a job of size s is s rounds of hashing); whenever its queue runs low it asks the
 * balancer to move work over from the other queue. The two workers' moves lock the two queues in
 * opposite orders, always under the balancer's gate: no deadlock is possible. Main checks that
 * every job ran exactly once. The first argument is the number of jobs.
 */
public final class Main {
    public static void main(String[] args) throws InterruptedException {
        int jobs = args.length > 0 ? Integer.parseInt(args[0]) : 120;
        WorkQueue left = new WorkQueue("left"), right = new WorkQueue("right");
        long expected = 0;
        for (int i = 0; i < jobs; i++) {
            int size = 1 + (i * 37) % 23;
            (i % 4 == 0 ? right : left).push(size);
            expected += size;
        }
        Balancer balancer = new Balancer();
        Worker a = new Worker(left, right, balancer), b = new Worker(right, left, balancer);
        Thread ta = new Thread(a, "Worker-left"), tb = new Thread(b, "Worker-right");
        ta.start();
        tb.start();
        ta.join();
        tb.join();

        long done = a.done() + b.done();
        System.out.println("rebalance: " + (a.jobs() + b.jobs()) + " jobs, " + balancer.moved() + " moved, checksum "
                + (a.checksum() ^ b.checksum()));
        if (done != expected || left.size() + right.size() != 0) {
            throw new IllegalStateException("work lost or run twice: " + done + " != " + expected);
        }
    }

    /** Runs its own queue; steals from the other through the balancer when its own is empty. */
    static final class Worker implements Runnable {
        private final WorkQueue own, other;
        private final Balancer balancer;
        private long done, checksum;
        private int jobs;

        Worker(WorkQueue own, WorkQueue other, Balancer balancer) {
            this.own = own;
            this.other = other;
            this.balancer = balancer;
        }

        @Override
        public void run() {
            while (true) {
                int j = own.poll();
                if (j < 0) { // own queue empty: take over half of the other's load, or end when it has none
                    balancer.move(other, own, 0);
                    j = own.poll();
                    if (j < 0) {
                        return;
                    }
                }
                checksum ^= run(j); // @site checksumXor
                done += j; // @site doneAdd
                jobs++; // @site jobsInc
            }
        }

        private static long run(int size) {
            long h = size;
            for (int r = 0; r < size * 2_000; r++) {
                h = h * 0x9E3779B97F4A7C15L + r;
                h ^= h >>> 29;
            }
            return h;
        }

        long done() {
            return done; // @site doneRead
        }

        long checksum() {
            return checksum;
        }

        int jobs() {
            return jobs;
        }
    }
}
