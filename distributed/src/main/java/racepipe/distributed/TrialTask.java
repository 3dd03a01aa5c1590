package racepipe.distributed;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.api.java.function.Function;
import racepipe.contract.TrialResult;
import racepipe.pipeline.run.ConfirmRuns;

/**
 * A Spark task: a slice of one pair's trials, run in order on one worker JVM of the executor's
 * machine ({@link ConfirmRuns#batch}); each trial's result as its JSON line. A function of the
 * program, the pair, the options and the seeds alone, so a task Spark runs again (its executor
 * was lost) gives the same lines, and the driver keeps one attempt's.
 */
final class TrialTask implements Function<long[], List<String>> {
    private static final long serialVersionUID = 1L;
    private final ShippedProgram program;
    private final String siteA;
    private final String siteB;
    private final int trials;
    private final long seed;
    private final String scheduler;
    private final long timeoutMillis;
    private final boolean processPerTrial;
    private final long watchdogMillis;

    TrialTask(ShippedProgram program, String siteA, String siteB, ConfirmRuns.Options opt) {
        this.program = program;
        this.siteA = siteA;
        this.siteB = siteB;
        this.trials = opt.trials();
        this.seed = opt.seed();
        this.scheduler = opt.scheduler();
        this.timeoutMillis = opt.timeoutMillis();
        this.processPerTrial = opt.processPerTrial();
        this.watchdogMillis = opt.watchdogMillis();
    }

    @Override
    public List<String> call(long[] seeds) {
        Executors.ready();
        ConfirmRuns.Options opt = new ConfirmRuns.Options(trials, seed, scheduler, 1, timeoutMillis, processPerTrial, watchdogMillis);
        List<Long> list = new ArrayList<>();
        for (long s : seeds) {
            list.add(s);
        }
        List<String> out = new ArrayList<>();
        for (TrialResult r : ConfirmRuns.batch(program.local(), siteA, siteB, opt, list)) {
            out.add(r.toJson());
        }
        return out;
    }
}
