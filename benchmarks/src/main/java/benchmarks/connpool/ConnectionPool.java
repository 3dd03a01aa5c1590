package benchmarks.connpool;

import java.util.ArrayDeque;

/**
 * A bounded pool of database connections. Every method is synchronized on the pool, so each
 * call is atomic; a caller's "is one free? then lease it" is two calls, not one.
 */
final class ConnectionPool {
    private final int limit;
    private final ArrayDeque<Connection> idle = new ArrayDeque<>();
    private int leased;
    private int created;
    private int peak;

    ConnectionPool(int limit) {
        this.limit = limit;
    }

    synchronized int available() {
        return limit - leased;
    }

    /** Hands out an idle connection or opens one; past the limit the database refuses it. */
    synchronized Connection lease() {
        if (leased >= limit) {
            throw new IllegalStateException("pool exhausted: connection " + (leased + 1) + " of " + limit);
        }
        leased++;
        peak = Math.max(peak, leased);
        Connection c = idle.poll();
        return c != null ? c : new Connection(++created);
    }

    synchronized void release(Connection c) {
        leased--;
        idle.push(c);
    }

    synchronized int peak() {
        return peak;
    }

    synchronized int created() {
        return created;
    }
}
