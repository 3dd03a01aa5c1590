package racepipe.junit5.internal;

import java.util.List;

/** A @RaceTest's settings (the annotation's attributes), as analyze takes them. */
public record RaceOptions(int trials, int runs, String budget, long seed, int timeout, boolean explore, List<String> jvmArgs) {
    public RaceOptions {
        jvmArgs = List.copyOf(jvmArgs);
    }

    public RaceOptions(int trials, int runs, String budget, long seed, int timeout, boolean explore) {
        this(trials, runs, budget, seed, timeout, explore, List.of());
    }

    public RaceOptions(int trials, int runs, String budget, long seed, int timeout) {
        this(trials, runs, budget, seed, timeout, false);
    }
}
