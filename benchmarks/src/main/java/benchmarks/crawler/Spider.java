package benchmarks.crawler;

/** A crawler thread: take a page, check robots.txt, fetch, index, report the links. */
final class Spider implements Runnable {
    private static final int[] NO_LINKS = new int[0];
    private final WebGraph graph;
    private final Frontier frontier;
    private final RobotsCache robots;
    private final Index index;
    private final Stats stats;

    Spider(WebGraph graph, Frontier frontier, RobotsCache robots, Index index, Stats stats) {
        this.graph = graph;
        this.frontier = frontier;
        this.robots = robots;
        this.index = index;
        this.stats = stats;
    }

    @Override
    public void run() {
        while (true) {
            int p;
            try {
                p = frontier.next();
            } catch (InterruptedException e) {
                return;
            }
            if (p < 0) {
                return;
            }
            int[] found = NO_LINKS;
            try {
                if (robots.rules(WebGraph.host(p)).allows(p)) {
                    Page page = WebGraph.fetch(p);
                    index.add(page);
                    stats.fetched(page.length);
                    found = graph.links(p);
                }
            } finally {
                frontier.done(found);
            }
        }
    }
}
