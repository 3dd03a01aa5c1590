package benchmarks.miniserver;

/** Seed 003 section 1: main sets the config, two workers serve from the table, a reporter prints. */
public final class Main {
    public static void main(String[] args) throws InterruptedException {
        int requests = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        MiniServer.config_max = 8; // @site c0
        MiniServer server = new MiniServer();
        Thread w1 = new Thread(() -> server.serve(requests, 1), "W1");
        Thread w2 = new Thread(() -> server.serve(requests, 2), "W2");
        Thread r = new Thread(() -> server.report(Math.max(1, requests / 4)), "R");
        w1.start();
        w2.start();
        r.start();
        w1.join();
        w2.join();
        r.join();
    }
}
