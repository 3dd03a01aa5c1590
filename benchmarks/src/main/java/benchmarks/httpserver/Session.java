package benchmarks.httpserver;

/** A client session. Its request count is guarded by the session's monitor. */
final class Session {
    final int id;
    int requests;
    private long lastSeen;

    Session(int id) {
        this.id = id;
    }

    /** Marks the session active. The handler calls it holding the session; the acceptor does not. */
    void touch(long tick) {
        lastSeen = tick; // @site touch
    }

    boolean idleSince(long tick, long limit) {
        return tick - lastSeen > limit; // @site idleRead
    }
}
