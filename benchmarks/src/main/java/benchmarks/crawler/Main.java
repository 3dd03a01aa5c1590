package benchmarks.crawler;

/**
 * A crawler-like worker pool (RaceFuzzer ran the weblech crawler): three spiders crawl a synthetic
 * site from page 0. Main then walks the index and checks that every allowed page discovered is
 * indexed once. The first argument is the number of pages.
 */
public final class Main {
    private static final int SPIDERS = 3;

    public static void main(String[] args) throws InterruptedException {
        int pages = args.length > 0 ? Integer.parseInt(args[0]) : 60;
        WebGraph graph = new WebGraph(pages);
        Frontier frontier = new Frontier(pages);
        RobotsCache robots = new RobotsCache();
        Index index = new Index(pages);
        Stats stats = new Stats();
        frontier.seed(0);

        Thread[] spiders = new Thread[SPIDERS];
        for (int i = 0; i < SPIDERS; i++) {
            spiders[i] = new Thread(new Spider(graph, frontier, robots, index, stats), "Spider-" + (i + 1));
            spiders[i].start();
        }
        for (Thread t : spiders) {
            t.join();
        }

        long bytes = 0;
        int indexed = index.size();
        for (int i = 0; i < indexed; i++) {
            bytes += index.get(i).length;
        }
        int allowed = 0;
        for (int p : frontier.discovered()) {
            if (Rules.parse(WebGraph.host(p)).allows(p)) {
                allowed++;
            }
        }
        System.out.println("crawler: " + indexed + " pages indexed (" + bytes + " bytes), "
                + stats.pages() + " fetched, " + allowed + " allowed");
        if (indexed != allowed) {
            throw new IllegalStateException("index lost pages: " + indexed + " != " + allowed);
        }
    }
}
