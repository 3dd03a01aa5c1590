package racepipe.distributed;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import racepipe.contract.TrialResult;

/**
 * A pair's trials in waves of growing size (a trial per task, then 2, 4, up to
 * {@link #MAX_PER_TASK}), walked in seed order exactly as the local
 * {@code ConfirmRuns.runUntil} walks them: the same prefix of {@code seeds}, the same trials
 * taken from {@code done}, {@code onTrial} for the same fresh ones. Trials a wave ran past the
 * point where {@code settled} stops are dropped (counted in {@link #dropped}). No Spark here:
 * {@code wave} runs a list of seeds somewhere and answers per seed, or null when stopped.
 */
final class Waves {
    static final int MAX_PER_TASK = 8;
    final AtomicLong jobs = new AtomicLong();
    final AtomicLong ran = new AtomicLong();
    final AtomicLong dropped = new AtomicLong();

    List<TrialResult> runUntil(List<Long> seeds, Map<Long, TrialResult> done, Predicate<List<TrialResult>> settled,
                               Consumer<TrialResult> onTrial, BooleanSupplier stopped, int tasks,
                               Function<List<Long>, Map<Long, TrialResult>> wave) {
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
            List<Long> next = new ArrayList<>();
            for (int k = i; k < seeds.size() && next.size() < tasks * perTask; k++) {
                if (!done.containsKey(seeds.get(k))) {
                    next.add(seeds.get(k));
                }
            }
            Map<Long, TrialResult> got = wave.apply(next);
            if (got == null) {
                return trials; // stopped: the wave's trials are not results
            }
            jobs.incrementAndGet();
            ran.addAndGet(got.size());
            int used = 0;
            for (; i < seeds.size(); i++) {
                Long s = seeds.get(i);
                TrialResult r = done.get(s);
                boolean fresh = r == null;
                if (fresh && (r = got.get(s)) == null) {
                    break; // past this wave
                }
                if (settled.test(trials)) {
                    dropped.addAndGet(got.size() - used);
                    return trials;
                }
                if (fresh) {
                    used++;
                    if (onTrial != null) {
                        onTrial.accept(r);
                    }
                }
                trials.add(r);
            }
            perTask = Math.min(MAX_PER_TASK, perTask * 2);
        }
        return trials;
    }

    /** {@code seeds} cut into at most {@code tasks} contiguous slices of nearly equal length. */
    static List<long[]> slices(List<Long> seeds, int tasks) {
        List<long[]> out = new ArrayList<>();
        int n = Math.min(tasks, seeds.size());
        for (int t = 0, from = 0; t < n; t++) {
            int to = from + (seeds.size() - from) / (n - t);
            out.add(seeds.subList(from, to).stream().mapToLong(Long::longValue).toArray());
            from = to;
        }
        return out;
    }
}
