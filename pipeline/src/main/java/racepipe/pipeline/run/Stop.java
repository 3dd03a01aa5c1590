package racepipe.pipeline.run;

import java.time.Duration;

/**
 * When analyze must end before its work is done: the budget ran out, or SIGINT/SIGTERM came.
 * Both end the same way: the child JVMs are killed, no new trial starts, and what is known is
 * reported (the pairs not reached are untried).
 */
public final class Stop {
    private final Duration budget;
    private final long start = System.nanoTime();
    private final long deadline;
    private volatile String reason;
    private Thread timer;

    /** {@code budget}: null for none. */
    public Stop(Duration budget) {
        this.budget = budget;
        this.deadline = budget == null ? Long.MAX_VALUE : start + budget.toNanos();
    }

    /** Starts the timer that ends the work when the budget runs out (it kills running trials too). */
    public Stop start() {
        if (budget != null && timer == null) {
            timer = new Thread(() -> {
                try {
                    long left;
                    while ((left = deadline - System.nanoTime()) > 0) {
                        Thread.sleep(Math.max(1, left / 1_000_000));
                    }
                    now();
                } catch (InterruptedException e) {
                    // analyze ended first
                }
            }, "racepipe-budget");
            timer.setDaemon(true);
            timer.start();
        }
        return this;
    }

    /** The work ended by itself: the timer is not needed any more. */
    public void cancelTimer() {
        if (timer != null) {
            timer.interrupt();
        }
    }

    /** SIGINT or SIGTERM: stop now. */
    public void signal() {
        stop("interrupted (SIGINT/SIGTERM)");
    }

    /** Whether analyze must end now (and if the budget just ran out, end it). */
    public boolean now() {
        if (reason == null && System.nanoTime() >= deadline) {
            stop("the budget (" + Budgets.format(budget) + ") ran out");
        }
        return reason != null;
    }

    /** Why analyze stopped early, or null (a budget that runs out after the work is done stops nothing). */
    public String reason() {
        return reason;
    }

    public Duration budget() {
        return budget;
    }

    public double elapsedSeconds() {
        return (System.nanoTime() - start) / 1e9;
    }

    private synchronized void stop(String why) {
        if (reason == null) {
            reason = why;
            Children.stopAll();
        }
    }
}
