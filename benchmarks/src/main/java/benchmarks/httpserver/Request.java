package benchmarks.httpserver;

/** A parsed request. The acceptor stamps it before handing it to the pool. */
final class Request {
    final int id;
    final int session;
    final String path;
    long acceptedAt;

    Request(int id, int session, String path) {
        this.id = id;
        this.session = session;
        this.path = path;
    }
}
