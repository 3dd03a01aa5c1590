package racepipe.dynamic.run;

import racepipe.dynamic.sched.Scheduler;

/** Lets the others go when the running thread stays away from scheduling points too long. */
final class Watchdog extends Thread {
    private final Scheduler scheduler;
    private final long quantumMillis;

    Watchdog(Scheduler scheduler, long quantumMillis) {
        super("racepipe-watchdog");
        this.scheduler = scheduler;
        this.quantumMillis = quantumMillis;
        setDaemon(true);
    }

    @Override
    public void run() {
        try {
            while (!scheduler.aborted()) {
                long before = scheduler.steps();
                Thread.sleep(quantumMillis);
                scheduler.watchdogTick(before);
            }
        } catch (InterruptedException e) {
            // the run is over
        }
    }
}
