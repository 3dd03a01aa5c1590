package benchmarks.connpool;

import java.util.ArrayList;
import java.util.List;

/**
 * A web server's connection pool with a hard limit of two: three request threads each serve a
 * few requests, checking {@code pool.available() > 0} and then calling {@code pool.lease()}. Both
 * calls are synchronized, so there is no data race; but two handlers can both see the last free
 * connection and both lease: the pool throws IllegalStateException (an atomicity violation).
 * Plain runs almost never hit it. The first argument is the number of requests per thread.
 */
public final class Main {
    public static void main(String[] args) throws InterruptedException {
        int perThread = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        ConnectionPool pool = new ConnectionPool(2);
        List<Thread> threads = new ArrayList<>();
        List<RequestHandler> handlers = new ArrayList<>();
        for (int t = 0; t < 3; t++) {
            List<String> requests = new ArrayList<>();
            for (int i = 0; i < perThread; i++) {
                requests.add("customer-" + t + "-" + i);
            }
            RequestHandler h = new RequestHandler(pool, requests);
            handlers.add(h);
            threads.add(new Thread(h, "Handler-" + t));
        }
        for (Thread t : threads) {
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        long rows = handlers.stream().mapToLong(RequestHandler::rows).sum();
        System.out.println("connpool: " + 3 * perThread + " requests, peak " + pool.peak() + " of 2 connections, "
                + pool.created() + " opened, rows " + rows);
    }
}
