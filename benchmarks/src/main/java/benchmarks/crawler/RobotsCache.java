package benchmarks.crawler;

/**
 * One parsed robots.txt per host, filled lazily without a lock: two spiders may both miss and
 * both parse (wasted work, equal results). Hosts are distinct slots of the array.
 */
final class RobotsCache {
    private final Rules[] byHost = new Rules[WebGraph.HOSTS];

    Rules rules(int host) {
        Rules r = byHost[host]; // @site robotsRead
        if (r == null) {
            r = Rules.parse(host);
            byHost[host] = r; // @site robotsWrite
        }
        return r;
    }
}
