package benchmarks.crawler;

/** A synthetic web site: page p lives on host p % HOSTS and links to a few other pages. */
final class WebGraph {
    static final int HOSTS = 4;
    private final int[][] links;

    WebGraph(int pages) {
        links = new int[pages][];
        for (int p = 0; p < pages; p++) {
            links[p] = new int[] {(p * 7 + 1) % pages, (p * 3 + 2) % pages, (2 * p + 1) % pages}; // @site link0
        }
    }

    int pages() {
        return links.length;
    }

    int[] links(int p) {
        return links[p]; // @site linkRead
    }

    static int host(int p) {
        return p % HOSTS;
    }

    /** "Downloads" page p: deterministic busy work standing in for the network. */
    static Page fetch(int p) {
        int h = p;
        for (int i = 0; i < 200; i++) {
            h = h * 31 + i;
        }
        return new Page(p, "Page " + p + " #" + Integer.toHexString(h), 100 + (h & 0x3ff));
    }
}
