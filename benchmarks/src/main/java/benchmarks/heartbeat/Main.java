package benchmarks.heartbeat;

/**
 * Volatile flags and publication: main configures a worker through a volatile flag, a monitor
 * follows its heartbeats through a volatile reference until it has seen enough progress, then
 * main stops the worker with a volatile flag. The first argument is the progress to wait for.
 */
public final class Main {
    public static void main(String[] args) throws InterruptedException {
        int target = args.length > 0 ? Integer.parseInt(args[0]) : 400;
        Service service = new Service();
        Thread worker = new Thread(service::work, "Worker");
        Thread monitor = new Thread(() -> {
            int beats = 0;
            int last = -1;
            while (true) {
                Snapshot s = service.latest();
                if (s != null) {
                    int processed = s.processed; // @site snapRead
                    if (processed != last) {
                        beats++;
                        last = processed;
                        if (beats % 10 == 0) {
                            System.out.println("monitor: " + service.lastJob());
                        }
                    }
                    if (processed >= target) {
                        break;
                    }
                }
                Thread.yield();
            }
            System.out.println("heartbeat: " + beats + " beats seen");
        }, "Monitor");

        worker.start();
        monitor.start();
        Settings settings = new Settings();
        settings.batch = 8; // @site batchWrite
        settings.name = "ingest"; // @site nameWrite
        service.configure(settings);
        monitor.join();
        service.stop();
        worker.join();
    }
}
