package benchmarks.orderids;

/** Issues order ids from a static counter. "There are only three desks": no lock (the bug). */
final class OrderIds {
    private static int last;

    private OrderIds() {
    }

    static int issue() {
        last = last + 1; // @site idIncrement
        return last; // @site idRead
    }
}
