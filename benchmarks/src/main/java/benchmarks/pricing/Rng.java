package benchmarks.pricing;

/**
 * A seeded generator (xorshift64*) with standard normal deviates by Marsaglia's polar method.
 * Each pricing thread has its own, so a thread's paths depend on its seed alone.
 */
final class Rng {
    private long state;
    private double spare;
    private boolean hasSpare;

    Rng(long seed) {
        state = seed == 0 ? 0x9E3779B97F4A7C15L : seed; // @site rngSeed
    }

    double uniform() {
        long x = state; // @site rngRead
        x ^= x >>> 12;
        x ^= x << 25;
        x ^= x >>> 27;
        state = x; // @site rngWrite
        return ((x * 0x2545F4914F6CDD1DL) >>> 11) * 0x1.0p-53;
    }

    double gaussian() {
        if (hasSpare) { // @site spareRead
            hasSpare = false; // @site spareTake
            return spare; // @site spareValue
        }
        double u, v, s;
        do {
            u = 2 * uniform() - 1;
            v = 2 * uniform() - 1;
            s = u * u + v * v;
        } while (s >= 1 || s == 0);
        double m = Math.sqrt(-2 * Math.log(s) / s);
        spare = v * m; hasSpare = true; // @site spareStore
        return u * m;
    }
}
