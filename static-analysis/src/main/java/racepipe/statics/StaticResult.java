package racepipe.statics;

import java.util.List;
import java.util.Map;

/**
 * What one engine found: the pairs, the time and heap of each stage, and counts per stage. A run
 * stopped by its limit says why in {@code stats.partial}: its pairs are those found until then.
 * {@code threadLocal}: the keys ({@link StaticSite#key}) of application accesses whose objects the
 * engine proves never leave the thread that made them (none of them can race), sorted; empty
 * when the engine does not compute it. {@code lockCycles}: the lock-order cycles (predicted
 * deadlocks), each as its acquire sites (thread 1's held and wanted lock, then thread 2's, in the
 * order of a dynamic lock cycle's sites); empty when the engine has no lock-order graph.
 * {@code atomicBlocks}: the atomic-block candidates (predicted atomicity violations), each as the
 * block's check and act and the other thread's writing operation, in the order of a dynamic
 * atomicity candidate's sites; empty when the engine does not compute them.
 */
public record StaticResult(String engine, List<StaticPair> pairs, List<StageTime> stages,
                           Map<String, Object> stats, List<String> threadLocal, List<List<StaticSite>> lockCycles,
                           List<List<StaticSite>> atomicBlocks) {
    public static final String PARTIAL = "partial";
    /** Manifest Class-Path entries that do not exist, skipped as the JVM skips them ("x.jar (named in y.jar's manifest)"). */
    public static final String CLASS_PATH_SKIPPED = "classPathSkipped";

    public StaticResult(String engine, List<StaticPair> pairs, List<StageTime> stages, Map<String, Object> stats) {
        this(engine, pairs, stages, stats, List.of());
    }

    /** An engine without a lock-order graph: no lock cycles. */
    public StaticResult(String engine, List<StaticPair> pairs, List<StageTime> stages, Map<String, Object> stats,
                        List<String> threadLocal) {
        this(engine, pairs, stages, stats, threadLocal, List.of());
    }

    /** An engine without atomic-block candidates. */
    public StaticResult(String engine, List<StaticPair> pairs, List<StageTime> stages, Map<String, Object> stats,
                        List<String> threadLocal, List<List<StaticSite>> lockCycles) {
        this(engine, pairs, stages, stats, threadLocal, lockCycles, List.of());
    }

    /** Why the analysis stopped early, or null when it ran to the end. */
    public String partial() {
        Object p = stats.get(PARTIAL);
        return p == null ? null : p.toString();
    }
}
