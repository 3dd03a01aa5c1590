package benchmarks.pagestats;

/**
 * Page-view statistics. Every accessor is synchronized, so each read and each write is atomic;
 * a caller's "read the count, then store count + n" is two of them.
 */
final class PageStats {
    private long views;
    private long bytes;

    synchronized long views() {
        return views;
    }

    synchronized void setViews(long v) {
        views = v;
    }

    /** The right way: one synchronized method for the whole update. */
    synchronized void addBytes(long n) {
        bytes += n;
    }

    synchronized long bytes() {
        return bytes;
    }
}
