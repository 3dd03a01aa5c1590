package racepipe.distributed;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import racepipe.contract.Outcome;
import racepipe.contract.TrialResult;
import racepipe.pipeline.run.ConfirmRuns;

/** Waves stop where the local, one-trial-at-a-time walk stops, whatever the waves' shape. */
class WavesTest {
    /** The local walk of ConfirmRuns.runUntil, with trials that are a function of the seed. */
    private static List<TrialResult> local(List<Long> seeds, Map<Long, TrialResult> done, Predicate<List<TrialResult>> settled,
                                           List<TrialResult> logged) {
        List<TrialResult> trials = new ArrayList<>();
        for (Long s : seeds) {
            if (settled.test(trials)) {
                break;
            }
            TrialResult r = done.get(s);
            if (r == null) {
                r = trial(s);
                logged.add(r);
            }
            trials.add(r);
        }
        return trials;
    }

    private static TrialResult trial(long seed) {
        return TrialResult.failed(seed, "racefuzzer", seed % 3 == 0 ? Outcome.EXCEPTION : Outcome.OK, "trial " + seed);
    }

    @Test
    void every_shape_should_give_the_local_prefix_and_log_the_same_trials() {
        Random rnd = new Random(7);
        for (int round = 0; round < 500; round++) {
            int n = 1 + rnd.nextInt(60);
            List<Long> seeds = ConfirmRuns.seeds(new ConfirmRuns.Options(n, rnd.nextLong(), "racefuzzer", 1, 1000, false, 20));
            Map<Long, TrialResult> done = new HashMap<>();
            for (Long s : seeds) {
                if (rnd.nextInt(5) == 0) {
                    done.put(s, trial(s));
                }
            }
            int stopAt = rnd.nextInt(n + 3);
            int exceptions = 1 + rnd.nextInt(4);
            // settled after stopAt trials, or once enough of them threw: a function of the prefix
            Predicate<List<TrialResult>> settled = ts -> ts.size() >= stopAt
                    || ts.stream().filter(t -> t.outcome() == Outcome.EXCEPTION).count() >= exceptions;
            List<TrialResult> loggedLocal = new ArrayList<>();
            List<TrialResult> want = local(seeds, done, settled, loggedLocal);
            List<TrialResult> logged = new ArrayList<>();
            int tasks = 1 + rnd.nextInt(4);
            List<TrialResult> got = new Waves().runUntil(seeds, done, settled, logged::add, () -> false, tasks, wave -> {
                assertThat(wave).isNotEmpty().noneMatch(done::containsKey);
                Map<Long, TrialResult> m = new HashMap<>();
                for (long[] slice : Waves.slices(wave, tasks)) {
                    for (long s : slice) {
                        m.put(s, trial(s));
                    }
                }
                assertThat(m.keySet()).containsExactlyInAnyOrderElementsOf(wave);
                return m;
            });
            assertThat(got).as("round %d", round).isEqualTo(want);
            assertThat(logged).isEqualTo(loggedLocal);
        }
    }

    @Test
    void a_stop_during_a_wave_should_count_none_of_its_trials() {
        List<Long> seeds = List.of(1L, 2L, 3L, 4L);
        List<TrialResult> logged = new ArrayList<>();
        List<TrialResult> got = new Waves().runUntil(seeds, Map.of(), ts -> false, logged::add, () -> false, 2, wave -> null);
        assertThat(got).isEmpty();
        assertThat(logged).isEmpty();
    }
}
