package benchmarks.quotes;

/**
 * A quote service: two traders quote prices, a feed updates them, a panel shows the recently
 * viewed instruments. ReentrantReadWriteLock used in the wrong mode: quote() writes the
 * recently-viewed ring under the read lock. The first argument is quotes per trader.
 */
public final class Main {
    private static final int INSTRUMENTS = 16;

    public static void main(String[] args) throws InterruptedException {
        int quotes = args.length > 0 ? Integer.parseInt(args[0]) : 50;
        QuoteBook book = new QuoteBook(INSTRUMENTS);
        double[] totals = new double[2];

        Thread t1 = new Thread(() -> totals[0] = trade(book, quotes, 1), "Trader-1"); // @site total1
        Thread t2 = new Thread(() -> totals[1] = trade(book, quotes, 5), "Trader-2"); // @site total2
        Thread feed = new Thread(() -> {
            for (int i = 0; i < quotes; i++) {
                book.update(i % INSTRUMENTS, 100 + i % INSTRUMENTS + (i % 7) / 100.0);
            }
        }, "Feed");
        Thread panel = new Thread(() -> {
            int shown = 0;
            for (int i = 0; i < quotes / 10 + 1; i++) {
                shown += book.recentlyViewed().length;
                Thread.yield();
            }
            System.out.println("panel: showed " + shown + " entries");
        }, "Panel");

        t1.start();
        t2.start();
        feed.start();
        panel.start();
        t1.join();
        t2.join();
        feed.join();
        panel.join();
        double first = totals[0]; // @site totalRead1
        double second = totals[1]; // @site totalRead2
        System.out.printf("quotes: traded %.2f and %.2f, %d updates%n", first, second, book.updates());
    }

    private static double trade(QuoteBook book, int quotes, int stride) {
        double sum = 0;
        for (int i = 0; i < quotes; i++) {
            sum += book.quote(i * stride % INSTRUMENTS);
        }
        return sum;
    }
}
