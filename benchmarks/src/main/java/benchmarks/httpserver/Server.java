package benchmarks.httpserver;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/** The request handler shared by the pool's threads. */
final class Server {
    static final long IDLE = 8;
    private final List<Session> sessions;
    private final HttpDate dates = new HttpDate();
    private final AtomicLong clock = new AtomicLong();

    Server(List<Session> sessions) {
        this.sessions = sessions;
    }

    long now() {
        return clock.incrementAndGet();
    }

    Session session(int id) {
        return sessions.get(id);
    }

    List<Session> sessions() {
        return sessions;
    }

    /** Runs in a pool thread: a Callable submitted by the acceptor. */
    Response handle(Request req) {
        long tick = now();
        Session s = session(req.session);
        synchronized (s) {
            s.touch(tick);
            s.requests = s.requests + 1; // @site reqCount
        }
        Response r = new Response(req.id, tick);
        r.queued = tick - req.acceptedAt; // @site stampRead
        r.status = req.path.startsWith("/static/") ? 200 : 404; // @site statusWrite
        r.date = dates.format(tick); // @site dateWrite
        return r;
    }
}
