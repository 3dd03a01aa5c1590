package racepipe.pipeline.run;

import java.util.ArrayList;
import java.util.List;

/**
 * Which methods are atomic blocks, as the agent's {@code atomic=} option says it: the default rule
 * (dynamic-confirm agent/AtomicBlocks) and the methods named with {@code --atomic CLASS#METHOD}.
 * One per racepipe process: the Phase 1 runs and the AtomFuzzer workers must agree on it.
 */
public final class AtomicSpec {
    private AtomicSpec() {
    }

    private static volatile List<String> named = List.of();

    /** Methods named to be blocks besides the default rule's ({@code pkg.Class#method}). */
    public static void name(List<String> methods) {
        for (String m : methods) {
            if (!m.matches("[\\w.$]+#[\\w$<>]+")) {
                throw new IllegalArgumentException("--atomic wants CLASS#METHOD, not " + m);
            }
        }
        named = List.copyOf(methods);
    }

    /** The methods named (none unless --atomic gave some). */
    public static List<String> named() {
        return named;
    }

    /** The agent option's value: {@code default} and the named methods, comma-separated. */
    public static String option() {
        List<String> all = new ArrayList<>(List.of("default"));
        all.addAll(named);
        return String.join(",", all);
    }
}
