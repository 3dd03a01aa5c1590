package benchmarks.logservice;

/** Seed 001 section 1: M and W started together; the first argument is the length of serve(). */
public final class Main {
    public static void main(String[] args) throws InterruptedException {
        int requests = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        LogService service = new LogService(requests);
        Thread m = new Thread(service::master, "M");
        Thread w = new Thread(service::worker, "W");
        m.start();
        w.start();
        m.join();
        w.join();
    }
}
