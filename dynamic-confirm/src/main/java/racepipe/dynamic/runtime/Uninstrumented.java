package racepipe.dynamic.runtime;

import java.util.ArrayList;
import java.util.List;
import racepipe.contract.RunResult;

/**
 * The methods the agent left as they were in this JVM: the run's result names them, so that a
 * race in one is never mistaken for a pass. The agent adds, the run's end reads.
 */
public final class Uninstrumented {
    private static final List<RunResult.Uninstrumented> METHODS = new ArrayList<>();

    private Uninstrumented() {
    }

    public static synchronized void add(RunResult.Uninstrumented m) {
        METHODS.add(m);
    }

    public static synchronized List<RunResult.Uninstrumented> all() {
        return List.copyOf(METHODS);
    }
}
