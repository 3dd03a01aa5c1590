package benchmarks.crawler;

/** Crawl statistics for the progress line: approximate on purpose, no lock. */
final class Stats {
    private int pages;

    void fetched(int bytes) {
        pages = pages + 1; // @site statPages
    }

    int pages() {
        return pages; // @site statRead
    }
}
