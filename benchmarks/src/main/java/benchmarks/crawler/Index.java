package benchmarks.crawler;

/**
 * The search index the spiders fill. Appends take no lock ("each spider only appends, and an
 * append is two statements"): the bug. Two spiders can write the same slot and leave a hole,
 * or lose an increment of the size.
 */
final class Index {
    private final Page[] pages;
    private int size;

    Index(int capacity) {
        pages = new Page[capacity];
    }

    void add(Page p) {
        pages[size] = p; // @site slot
        size = size + 1; // @site count
    }

    int size() {
        return size; // @site sizeRead
    }

    Page get(int i) {
        return pages[i]; // @site get
    }
}
