package benchmarks.mapreduce;

import java.util.concurrent.CountDownLatch;

/**
 * A map-reduce over an int array: each mapper sums its slice into its own slot of partials and
 * counts the latch down; the reducer (main) awaits the latch and adds the slots up. After
 * counting down, a mapper also updates the "heaviest slice" report: that bookkeeping is not
 * covered by the latch.
 */
final class Job {
    private final int[] data;
    private final int mappers;
    private final long[] partials;
    private final CountDownLatch mapped;
    private long heaviestSum;
    private int heaviest = -1; // @site heaviest0

    Job(int[] data, int mappers) {
        this.data = data;
        this.mappers = mappers;
        this.partials = new long[mappers];
        this.mapped = new CountDownLatch(mappers);
    }

    /** Mapper id's body. */
    void map(int id) {
        int lo = id * data.length / mappers;
        int hi = (id + 1) * data.length / mappers;
        long sum = 0;
        for (int i = lo; i < hi; i++) {
            sum += data[i]; // @site dataRead
        }
        partials[id] = sum; // @site partialWrite
        mapped.countDown();
        // bookkeeping for the report, after the count-down: "not part of the result"
        if (sum > heaviestSum) { // @site heavyRead
            heaviestSum = sum; // @site heavyWrite
            heaviest = id; // @site heaviestWrite
        }
    }

    /** The reducer: waits for every mapper's count-down, then combines. */
    long reduce() throws InterruptedException {
        mapped.await();
        long total = 0;
        for (int id = 0; id < mappers; id++) {
            total += partials[id]; // @site partialRead
        }
        int h = heaviest; // @site heaviestRead
        long heaviestPartial = partials[h]; // @site reportRead
        System.out.println("mapreduce: heaviest slice " + h + " with " + heaviestPartial);
        return total;
    }
}
