package racepipe.pipeline.run;

import java.util.List;
import java.util.Set;
import racepipe.pipeline.model.RacePair;

/**
 * Which pairs Phase 2 tries: those a chosen predictor reported, except where the runs saw the pair
 * ordered. A lockset detector (ls, eraser) reports a pair only when a run made both accesses, to
 * one location, from two threads holding no common lock; hybrid watched the same events with the
 * same lockset test, and a pair it did not report was ordered every such time by start, join,
 * wait/notify or a hand-off (a task, an object through a concurrent collection): messages that
 * order it in every run that sends them, not a lock that another schedule takes the other way.
 * No happens-before detector reported it either. The static engine's claim that such a pair may
 * race gives way to what was seen, and a lockset detector does not make it a candidate alone
 * unless it was chosen (--predictors ls).
 */
public final class SeenOrdered {
    /** Detectors whose report means: seen, on one location, two threads, no common lock. */
    static final Set<String> LOCKSET = Set.of("ls", "eraser");
    /** Detectors whose report means: seen unordered by their edges (hybrid's are the fewest). */
    static final Set<String> HAPPENS_BEFORE = Set.of("hybrid", "hb", "shb", "wcp", "syncp");

    private SeenOrdered() {
    }

    /** A lockset detector saw the pair, and no happens-before detector (hybrid among them) found it unordered. */
    public static boolean ordered(RacePair p) {
        return LOCKSET.stream().anyMatch(p.predictors::containsKey) && HAPPENS_BEFORE.stream().noneMatch(p.predictors::containsKey);
    }

    /** Phase 2 tries the pair: a chosen predictor reported it, and static's report is not overruled by {@link #ordered}. */
    public static boolean candidate(RacePair p, List<String> chosen) {
        for (String c : chosen) {
            if (p.predictors.containsKey(c) && !("static".equals(c) && ordered(p))) {
                return true;
            }
        }
        return false;
    }
}
