package benchmarks.connpool;

/**
 * One database connection. Used by one request at a time: the pool's monitor orders the
 * request that releases it before the one that leases it next.
 */
final class Connection {
    final int id;
    private int queries;
    private long lastRow;

    Connection(int id) {
        this.id = id;
    }

    /** "Runs" a query: busy work standing in for the round trip, a row id as the answer. */
    long query(String sql) {
        queries++; // @site queries
        long h = id;
        for (int i = 0; i < sql.length() * 40; i++) {
            h = h * 31 + sql.charAt(i % sql.length());
        }
        lastRow = h & 0xffff; // @site lastRow
        return lastRow;
    }
}
