package benchmarks.st_executor;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Executor tasks as thread bodies (for the static engines): a lambda given to
 * {@code ExecutorService.execute}, a method reference to {@code CompletableFuture.runAsync} and
 * a lambda to {@code supplyAsync} each race with main; main's write after {@code f.join()} is
 * ordered with the runAsync task. Nothing reads the counters, so every race is benign.
 */
public final class Main {
    static int viaExecute;
    static int viaRunAsync;
    static int viaSupply;
    static int afterJoin;

    public static void main(String[] args) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        pool.execute(() -> viaExecute = 1); // @site e1
        viaExecute = 2; // @site e2
        CompletableFuture<Void> f = CompletableFuture.runAsync(Main::bump);
        viaRunAsync = 2; // @site r2
        CompletableFuture<Integer> g = CompletableFuture.supplyAsync(() -> viaSupply + 1); // @site s1
        viaSupply = 5; // @site s2
        f.join();
        afterJoin = 7; // @site j2
        System.out.println("st_executor: " + g.join());
        pool.shutdown();
        pool.awaitTermination(5, TimeUnit.SECONDS);
    }

    private static void bump() {
        viaRunAsync = 1; // @site r1
        afterJoin = afterJoin + 1; // @site j1
    }
}
