package racepipe.distributed;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
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
 * Phase 2 on Spark: a pair's trials in waves, each wave one Spark job of as many tasks as the
 * cluster has cores, each task a contiguous slice of seeds ({@link TrialTask}). Waves grow (a
 * trial per task, then 2, 4, up to {@link #MAX_PER_TASK}), since most pairs settle early. The
 * driver then walks the trials in seed order exactly as {@link ConfirmRuns#runUntil} does and
 * stops at the same trial: trials of a wave past that point are dropped (neither logged nor
 * counted), so the verdict is the local one. A lost task is Spark's to run again.
 */
final class SparkTrials implements TrialRunner {
    static final int MAX_PER_TASK = 8;
    private final JavaSparkContext sc;
    private final ShippedProgram shipped;

    SparkTrials(JavaSparkContext sc, ShippedProgram shipped) {
        this.sc = sc;
        this.shipped = shipped;
    }

    @Override
    public List<TrialResult> runUntil(ProgramInput program, SiteInfo a, SiteInfo b, ConfirmRuns.Options opt, List<Long> seeds,
                                      Map<Long, TrialResult> done, Predicate<List<TrialResult>> settled,
                                      Consumer<TrialResult> onTrial, BooleanSupplier stopped) {
        TrialTask task = new TrialTask(shipped, a.key(), b.key(), opt);
        List<TrialResult> trials = new ArrayList<>();
        int perTask = 1;
        int i = 0;
        while (i < seeds.size()) {
            if (settled.test(trials)) {
                return trials;
            }
            TrialResult known = done.get(seeds.get(i));
            if (known != null) {
                trials.add(known);
                i++;
                continue;
            }
            if (stopped.getAsBoolean()) {
                return trials;
            }
            int tasks = Math.max(2, sc.defaultParallelism());
            List<Long> wave = new ArrayList<>();
            for (int k = i; k < seeds.size() && wave.size() < tasks * perTask; k++) {
                if (!done.containsKey(seeds.get(k))) {
                    wave.add(seeds.get(k));
                }
            }
            Map<Long, TrialResult> got = wave(task, wave, tasks, stopped);
            if (got == null) {
                return trials; // stopped: the wave's trials are not results
            }
            for (; i < seeds.size(); i++) {
                Long s = seeds.get(i);
                TrialResult r = done.get(s);
                boolean fresh = r == null;
                if (fresh && (r = got.get(s)) == null) {
                    break; // past this wave
                }
                if (settled.test(trials)) {
                    return trials;
                }
                if (fresh && onTrial != null) {
                    onTrial.accept(r);
                }
                trials.add(r);
            }
            perTask = Math.min(MAX_PER_TASK, perTask * 2);
        }
        return trials;
    }

    /** One job: {@code seeds} cut into at most {@code tasks} contiguous slices; null when stopped meanwhile. */
    private Map<Long, TrialResult> wave(TrialTask task, List<Long> seeds, int tasks, BooleanSupplier stopped) {
        List<long[]> slices = new ArrayList<>();
        int n = Math.min(tasks, seeds.size());
        for (int t = 0, from = 0; t < n; t++) {
            int to = from + (seeds.size() - from) / (n - t);
            slices.add(seeds.subList(from, to).stream().mapToLong(Long::longValue).toArray());
            from = to;
        }
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
}
