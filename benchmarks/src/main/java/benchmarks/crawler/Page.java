package benchmarks.crawler;

/** A fetched page; immutable. */
final class Page {
    final int id;
    final String title;
    final int length;

    Page(int id, String title, int length) {
        this.id = id;
        this.title = title;
        this.length = length;
    }
}
