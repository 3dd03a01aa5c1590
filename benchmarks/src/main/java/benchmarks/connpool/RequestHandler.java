package benchmarks.connpool;

import java.util.ArrayList;
import java.util.List;

/**
 * A web server's request thread: each request needs a connection; when none is free it is
 * deferred and retried after the others. The check and the lease are two calls on the pool:
 * another handler can take the last free connection between them.
 */
final class RequestHandler implements Runnable {
    private final ConnectionPool pool;
    private final List<String> requests;
    private final List<String> deferred = new ArrayList<>();
    private long rows;

    RequestHandler(ConnectionPool pool, List<String> requests) {
        this.pool = pool;
        this.requests = requests;
    }

    @Override
    public void run() {
        for (String r : requests) {
            if (!serve(r)) {
                deferred.add(r);
            }
            think(r);
        }
        while (!deferred.isEmpty()) {
            if (serve(deferred.get(0))) {
                deferred.remove(0);
            } else {
                Thread.yield();
            }
        }
    }

    /** Serves one request if a connection is free; false when it has to wait. */
    boolean serve(String request) {
        if (pool.available() > 0) { // @site check
            Connection c = pool.lease(); // @site lease
            try {
                rows += c.query("SELECT * FROM orders WHERE customer = '" + request + "'");
            } finally {
                pool.release(c); // @site release
            }
            return true;
        }
        return false;
    }

    long rows() {
        return rows;
    }

    /** Renders the response: the work between two requests. */
    private static void think(String r) {
        long h = r.hashCode();
        for (int i = 0; i < 20_000; i++) {
            h = h * 6364136223846793005L + i;
        }
        if (h == 42) {
            System.out.println("unlikely");
        }
    }
}
