package benchmarks.histogram;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Executor tasks with futures, as lambdas: a Runnable task finds the range of the samples, then
 * six Callable tasks on a three-thread pool bin their slices. Each task writes its own slot of
 * the partial sums (distinct indices), but all of them increment one shared histogram (same
 * indices: the bug). Main reads everything after Future.get() and checks the histogram's total.
 * The first argument is the number of samples (default 1_000: every sample is a Phase 2 point of
 * the histogram pairs, so the default stays small).
 */
public final class Main {
    private static final int TASKS = 6;
    private static final int BUCKETS = 8;

    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 1_000;
        int[] samples = new int[n];
        for (int i = 0; i < n; i++) {
            samples[i] = (int) ((i * 2654435761L) % 1000); // @site sampleWrite
        }
        AtomicInteger ids = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(3, r -> new Thread(r, "Pool-" + ids.incrementAndGet()));
        try {
            int[] range = new int[1];
            Future<?> scan = pool.submit(() -> {
                int max = 0;
                for (int v : samples) { // @site scanRead
                    max = Math.max(max, v);
                }
                range[0] = max + 1; // @site rangeWrite
            });
            scan.get();
            int width = (range[0] + BUCKETS - 1) / BUCKETS; // @site rangeRead

            int[] histogram = new int[BUCKETS];
            long[] partialSums = new long[TASKS];
            List<Future<Integer>> futures = new ArrayList<>();
            for (int t = 0; t < TASKS; t++) {
                int task = t;
                int lo = t * n / TASKS;
                int hi = (t + 1) * n / TASKS;
                futures.add(pool.submit(() -> {
                    long sum = 0;
                    for (int i = lo; i < hi; i++) {
                        int v = samples[i]; // @site sampleRead
                        histogram[v / width]++; // @site bucket
                        sum += v;
                    }
                    partialSums[task] = sum; // @site partialWrite
                    return hi - lo;
                }));
            }
            int counted = 0;
            for (Future<Integer> f : futures) {
                counted += f.get();
            }
            long total = 0;
            for (int t = 0; t < TASKS; t++) {
                total += partialSums[t]; // @site partialRead
            }
            int binned = 0;
            for (int b = 0; b < BUCKETS; b++) {
                binned += histogram[b]; // @site bucketRead
            }
            System.out.println("histogram: " + counted + " samples, mean " + total / Math.max(1, counted)
                    + ", " + binned + " binned");
            if (binned != counted) {
                throw new IllegalStateException("histogram lost samples: " + binned + " != " + counted);
            }
        } finally {
            pool.shutdown();
            pool.awaitTermination(10, TimeUnit.SECONDS);
        }
    }
}
