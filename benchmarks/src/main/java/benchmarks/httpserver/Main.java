package benchmarks.httpserver;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A small request server with a thread pool (the RaceFuzzer paper ran jigsaw): an acceptor
 * stamps requests and submits them to three handler threads, a reaper counts idle sessions, main
 * collects every response through its Future and checks its Date header. The first argument is
 * the number of requests.
 */
public final class Main {
    private static final int SESSIONS = 4;

    public static void main(String[] args) throws Exception {
        int requests = args.length > 0 ? Integer.parseInt(args[0]) : 40;
        List<Session> sessions = new ArrayList<>();
        for (int i = 0; i < SESSIONS; i++) {
            sessions.add(new Session(i));
        }
        Server server = new Server(List.copyOf(sessions));
        AtomicInteger handlers = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(3,
                r -> new Thread(r, "Handler-" + handlers.incrementAndGet()));

        List<Future<Response>> pending = new ArrayList<>();
        Thread acceptor = new Thread(() -> {
            for (int i = 0; i < requests; i++) {
                Request req = new Request(i, i % SESSIONS, i % 3 == 0 ? "/missing" : "/static/" + i);
                long tick = server.now();
                req.acceptedAt = tick; // @site stamp
                server.session(req.session).touch(tick);
                pending.add(pool.submit(() -> server.handle(req)));
            }
        }, "Acceptor");
        Thread reaper = new Thread(() -> {
            int idle = 0;
            for (int round = 0; round < requests / 4; round++) {
                long tick = server.now();
                for (Session s : server.sessions()) {
                    if (s.idleSince(tick, Server.IDLE)) {
                        idle++;
                    }
                }
                Thread.yield();
            }
            System.out.println("reaper: " + idle + " idle sightings");
        }, "Reaper");

        acceptor.start();
        reaper.start();
        acceptor.join();
        int ok = 0;
        long queued = 0;
        try {
            for (Future<Response> f : pending) {
                Response r = f.get();
                if (r.status == 200) { // @site statusRead
                    ok++;
                }
                queued += r.queued; // @site queuedRead
                String date = r.date; // @site dateRead
                if (!date.equals(Long.toString(r.tick))) {
                    throw new IllegalStateException("garbled Date header '" + date + "' for tick " + r.tick);
                }
            }
        } catch (ExecutionException e) {
            throw new IllegalStateException("a handler failed", e.getCause());
        } finally {
            pool.shutdown();
            pool.awaitTermination(10, TimeUnit.SECONDS);
            reaper.join();
        }
        int counted = 0;
        for (Session s : server.sessions()) {
            counted += s.requests; // @site reqRead
        }
        System.out.println("httpserver: " + ok + " ok of " + requests + ", " + counted
                + " counted, mean queueing " + queued / Math.max(1, requests) + " ticks");
    }
}
