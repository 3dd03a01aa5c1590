package benchmarks.httpserver;

/** A response, filled in by the handler that produced it. */
final class Response {
    final int request;
    final long tick;
    int status;
    String date;
    long queued;

    Response(int request, long tick) {
        this.request = request;
        this.tick = tick;
    }
}
