package benchmarks.pagestats;

/**
 * A read-modify-write split across two synchronized methods: two web workers log page views
 * with {@code stats.setViews(stats.views() + 1)}. Both calls lock the stats, so there is no data
 * race; but a worker can read the count, the other update it, and the first store its stale
 * count + 1: a view is lost and main's check throws IllegalStateException. Bytes are added in
 * one synchronized method and never lost. The second worker first warms its templates for half
 * a page, so plain runs almost never overlap. The first argument is the number of pages per
 * worker.
 */
public final class Main {
    public static void main(String[] args) throws InterruptedException {
        int pages = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        PageStats stats = new PageStats();
        Thread w1 = new Thread(() -> serve(stats, pages, 0), "Worker-1");
        Thread w2 = new Thread(() -> serve(stats, pages, 1), "Worker-2");
        w1.start();
        w2.start();
        w1.join();
        w2.join();
        System.out.println("pagestats: " + stats.views() + " views, " + stats.bytes() + " bytes");
        if (stats.views() != 2L * pages) {
            throw new IllegalStateException("views lost: " + stats.views() + " of " + 2 * pages);
        }
    }

    /** Serves pages; worker 1 starts by warming its templates. */
    private static void serve(PageStats stats, int pages, int worker) {
        if (worker == 1) {
            render(HALF); // its views come half a page after the other worker's
        }
        for (int p = 0; p < pages; p++) {
            logView(stats, render(2 * HALF + p));
        }
    }

    /** One page view logged: the view count read and written by two calls, the bytes by one. */
    static void logView(PageStats stats, int size) {
        long v = stats.views(); // @site viewsRead
        stats.setViews(v + 1); // @site viewsWrite
        stats.addBytes(size); // @site bytesAdd
    }

    private static final int HALF = 50_000;

    /** Renders a page of {@code work} steps: the work between two views; returns its size. */
    private static int render(int work) {
        long h = work;
        for (int i = 0; i < work; i++) {
            h = h * 31 + i;
        }
        return (int) (h & 0xfff);
    }
}
