package racepipe.pipeline.run;

/** Seeds of runs and trials, derived from the user's seed and the index (SplitMix64). */
public final class Seeds {
    private Seeds() {
    }

    public static long derive(long seed, int index) {
        long z = seed * 0x9E3779B97F4A7C15L + (index + 1) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return (z ^ (z >>> 31)) & 0x7FFFFFFFFFFFL; // positive, and short enough to type
    }
}
