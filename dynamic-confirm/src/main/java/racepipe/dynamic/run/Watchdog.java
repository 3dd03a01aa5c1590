package racepipe.dynamic.run;

import java.util.function.Supplier;
import racepipe.dynamic.sched.Scheduler;

/**
 * The clock that paces the scheduler's watchdog: every quantum it asks the current trial's
 * scheduler to look at the thread holding the turn. What the look decides, and how the schedule
 * records it, is the scheduler's (sched/Stalls, Schedule.rescue): the clock only says when to look.
 */
final class Watchdog extends Thread {
    private final Supplier<Scheduler> scheduler;
    private final long quantumMillis;

    /** Watches whichever scheduler is current: one watchdog serves every trial of a worker. */
    Watchdog(Supplier<Scheduler> scheduler, long quantumMillis) {
        super("racepipe-watchdog");
        this.scheduler = scheduler;
        this.quantumMillis = Math.max(1, quantumMillis);
        setDaemon(true);
    }

    @Override
    public void run() {
        try {
            while (true) {
                Thread.sleep(quantumMillis);
                Scheduler s = scheduler.get();
                if (s != null && !s.aborted()) {
                    s.watchdogTick();
                }
            }
        } catch (InterruptedException e) {
            // the run is over
        }
    }
}
