package benchmarks.counter;

/**
 * Seed 002's counters: two threads increment {@code unlocked} with no lock and {@code locked}
 * under m. A lost update on {@code unlocked} makes main throw; {@code locked} never races.
 * The first argument is the number of increments per thread.
 */
public final class Main {
    private static final Object m = new Object();
    private static int unlocked;
    private static int locked;

    public static void main(String[] args) throws InterruptedException {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        Runnable body = () -> {
            for (int i = 0; i < n; i++) {
                unlocked = unlocked + 1; // @site u
                synchronized (m) {
                    locked = locked + 1; // @site l
                }
            }
        };
        Thread a = new Thread(body, "A");
        Thread b = new Thread(body, "B");
        a.start();
        b.start();
        a.join();
        b.join();
        if (locked != 2 * n) { // @site lr
            throw new IllegalStateException("locked counter broken: " + locked);
        }
        if (unlocked != 2 * n) { // @site ur
            throw new IllegalStateException("lost update: " + unlocked + " != " + 2 * n);
        }
    }
}
