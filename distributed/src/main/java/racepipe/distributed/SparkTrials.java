package racepipe.distributed;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.apache.spark.api.java.JavaFutureAction;
import org.apache.spark.api.java.JavaSparkContext;
import racepipe.contract.TrialResult;
import racepipe.pipeline.input.ProgramInput;
import racepipe.pipeline.model.SiteInfo;
import racepipe.pipeline.run.ConfirmRuns;
import racepipe.pipeline.run.TrialRunner;

/**
 * Phase 2 on Spark: a pair's trials in {@link Waves}, each wave one Spark job of as many tasks as
 * the cluster has cores, each task a contiguous slice of seeds ({@link TrialTask}). The verdict is
 * the local one: the driver walks the trials in seed order and stops where the local run stops. A
 * lost task is Spark's to run again; the driver keeps the one attempt's answer a job returns.
 */
final class SparkTrials implements TrialRunner {
    private final JavaSparkContext sc;
    private final ShippedProgram shipped;
    final Waves waves = new Waves();
    final AtomicLong tasks = new AtomicLong();

    SparkTrials(JavaSparkContext sc, ShippedProgram shipped) {
        this.sc = sc;
        this.shipped = shipped;
    }

    @Override
    public List<TrialResult> runUntil(ProgramInput program, SiteInfo a, SiteInfo b, ConfirmRuns.Options opt, List<Long> seeds,
                                      Map<Long, TrialResult> done, Predicate<List<TrialResult>> settled,
                                      Consumer<TrialResult> onTrial, BooleanSupplier stopped) {
        TrialTask task = new TrialTask(shipped, a.key(), b.key(), opt);
        return waves.runUntil(seeds, done, settled, onTrial, stopped, Math.max(2, sc.defaultParallelism()),
                wave -> wave(task, wave, Math.max(2, sc.defaultParallelism()), stopped));
    }

    /** One job: {@code seeds} cut into at most {@code tasks} slices; null when stopped meanwhile. */
    private Map<Long, TrialResult> wave(TrialTask task, List<Long> seeds, int n, BooleanSupplier stopped) {
        List<long[]> slices = Waves.slices(seeds, n);
        tasks.addAndGet(slices.size());
        JavaFutureAction<List<List<String>>> job = sc.parallelize(slices, slices.size()).map(task).collectAsync();
        while (true) {
            try {
                Map<Long, TrialResult> got = new HashMap<>();
                for (List<String> lines : job.get(250, TimeUnit.MILLISECONDS)) {
                    for (String l : lines) {
                        TrialResult r = TrialResult.parse(l);
                        got.put(r.seed(), r);
                    }
                }
                return got;
            } catch (TimeoutException e) {
                if (stopped.getAsBoolean()) {
                    job.cancel(true);
                    return null;
                }
            } catch (InterruptedException e) {
                job.cancel(true);
                Thread.currentThread().interrupt();
                return null;
            } catch (ExecutionException e) {
                if (stopped.getAsBoolean()) {
                    return null;
                }
                throw new IllegalStateException("a Spark job of trials failed: " + e.getCause(), e.getCause());
            }
        }
    }

    /** What the cluster did, for the terminal: jobs, tasks, trials run and dropped past a stop. */
    String tally() {
        return String.format("%d jobs, %d tasks, %d trials (%d past a settled verdict, dropped)", waves.jobs.get(), tasks.get(),
                waves.ran.get(), waves.dropped.get());
    }
}
