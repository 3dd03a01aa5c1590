package benchmarks.startonce;

/**
 * Start-on-first-use with a volatile flag: an HTTP thread and a scheduler thread both record
 * metrics; the first record starts the metrics service, which registers itself. The check of
 * the volatile {@code started} and its write are not one step: when both threads read false the
 * service registers twice and the registry throws IllegalStateException. The scheduler first
 * runs its job, so plain runs almost never overlap. The first argument is the number of records
 * per thread.
 */
public final class Main {
    public static void main(String[] args) throws InterruptedException {
        int records = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        Registry registry = new Registry();
        MetricsService metrics = new MetricsService(registry);
        Thread http = new Thread(() -> {
            for (int i = 0; i < records; i++) {
                metrics.record(i);
                serve(i);
            }
        }, "Http");
        Thread scheduler = new Thread(() -> {
            long job = serve(1_000);
            for (int i = 0; i < records; i++) {
                metrics.record(job + i);
            }
        }, "Scheduler");
        http.start();
        scheduler.start();
        http.join();
        scheduler.join();
        metrics.stop();
        System.out.println("startonce: " + registry.size() + " service(s), recorded " + metrics.recorded());
    }

    /** Work standing in for a request or a job; returns its size. */
    private static long serve(int n) {
        long h = n;
        for (int i = 0; i < 50_000; i++) {
            h = h * 31 + i;
        }
        return h & 0xff;
    }
}
