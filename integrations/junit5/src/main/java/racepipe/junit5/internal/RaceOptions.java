package racepipe.junit5.internal;

/** A @RaceTest's settings (the annotation's attributes), as analyze takes them. */
public record RaceOptions(int trials, int runs, String budget, long seed, int timeout, boolean explore) {
    public RaceOptions(int trials, int runs, String budget, long seed, int timeout) {
        this(trials, runs, budget, seed, timeout, false);
    }
}
