package racepipe.pipeline.cli;

import java.io.IOException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * SIGINT/SIGTERM end a run as its budget does: the hook stops the run (children killed), and the
 * main thread, which the stop lets finish, writes the report with what is known; if it has not
 * within {@link #WAIT_SECONDS}, the hook writes what it was given when it stopped the run.
 */
final class StopHook implements AutoCloseable {
    /** How long the hook waits for the main thread's report before it writes one itself. */
    static final int WAIT_SECONDS = 30;

    /** The hook's own report, if the main thread's does not come. */
    interface Fallback {
        void write() throws IOException;
    }

    private final CountDownLatch reported = new CountDownLatch(1);
    private final Thread hook;

    private StopHook(Runnable stop, Supplier<Fallback> whenStopped) {
        hook = new Thread(() -> {
            stop.run();
            try {
                Fallback fallback = whenStopped.get(); // what is known at the stop
                if (!reported.await(WAIT_SECONDS, TimeUnit.SECONDS) && fallback != null) {
                    fallback.write();
                }
            } catch (InterruptedException | IOException | RuntimeException e) {
                System.err.println("racepipe: could not write the report: " + e);
            }
        }, "racepipe-stop");
    }

    /** Installed until {@link #close()}: the main thread's report is written (or it failed). */
    static StopHook install(Runnable stop, Supplier<Fallback> whenStopped) {
        StopHook h = new StopHook(stop, whenStopped);
        Runtime.getRuntime().addShutdownHook(h.hook);
        return h;
    }

    @Override
    public void close() {
        reported.countDown();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // shutting down: the hook is running
        }
    }
}
