package racepipe.dynamic.run;

import racepipe.dynamic.sched.Scheduler;

/** Lets the others go when the running thread stays away from scheduling points too long. */
final class Watchdog extends Thread {
    private final java.util.function.Supplier<Scheduler> scheduler;
    private final long quantumMillis;

    /** Watches whichever scheduler is current: one watchdog serves every trial of a worker. */
    Watchdog(java.util.function.Supplier<Scheduler> scheduler, long quantumMillis) {
        super("racepipe-watchdog");
        this.scheduler = scheduler;
        this.quantumMillis = quantumMillis;
        setDaemon(true);
    }

    @Override
    public void run() {
        try {
            while (true) {
                Scheduler s = scheduler.get();
                long before = s == null ? 0 : s.steps();
                Thread.sleep(quantumMillis);
                if (s != null && s == scheduler.get() && !s.aborted()) {
                    s.watchdogTick(before);
                }
            }
        } catch (InterruptedException e) {
            // the run is over
        }
    }
}
