package benchmarks.mapreduce;

/**
 * CountDownLatch ordering: four mappers sum slices of an array, main reduces after the latch.
 * Everything written before countDown() is ordered before main's reads after await(); the
 * heaviest-slice report written after countDown() is not: main can read heaviest == -1 and index
 * with it. The first argument is the array length.
 */
public final class Main {
    private static final int MAPPERS = 4;

    public static void main(String[] args) throws InterruptedException {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 2_000;
        int[] data = new int[n];
        for (int i = 0; i < n; i++) {
            data[i] = (i * 37) % 101; // @site dataInit
        }
        Job job = new Job(data, MAPPERS);
        Thread[] mappers = new Thread[MAPPERS];
        for (int m = 0; m < MAPPERS; m++) {
            int id = m;
            mappers[m] = new Thread(() -> job.map(id), "Mapper-" + (m + 1));
            mappers[m].start();
        }
        long total = job.reduce();
        long expected = 0;
        for (int i = 0; i < n; i++) {
            expected += (i * 37) % 101;
        }
        if (total != expected) {
            throw new IllegalStateException("reduce: " + total + " != " + expected);
        }
        for (Thread t : mappers) {
            t.join();
        }
        System.out.println("mapreduce: total " + total);
    }
}
