package racepipe.distributed;

import racepipe.pipeline.run.Children;

/**
 * What an executor JVM sets up once before its first racepipe task: a shutdown hook that ends
 * the child JVMs racepipe started there. A standalone executor exits when its worker is lost
 * (Spark's WorkerWatcher); its trial workers and detect runs must not outlive it.
 */
final class Executors {
    private static boolean hooked;

    private Executors() {
    }

    static synchronized void ready() {
        if (!hooked) {
            hooked = true;
            Runtime.getRuntime().addShutdownHook(new Thread(Children::stopAll, "racepipe-executor-stop"));
        }
    }
}
