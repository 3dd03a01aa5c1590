package racepipe.dynamic.sched;

import java.util.Random;

/**
 * Every choice a schedule makes comes from one seeded RNG and goes into the schedule's digest
 * (FNV-1a over the choices and the hand-overs): one seed, one schedule, one digest.
 */
final class Choices {
    private final Random rng;
    private long digest = 0xcbf29ce484222325L;
    private volatile boolean frozen;

    Choices(long seed) {
        this.rng = new Random(seed);
    }

    /** One of {@code n}, uniformly; a choice of one costs no random number. */
    int choose(int n) {
        int k = n == 1 ? 0 : rng.nextInt(n);
        mix(k + 1);
        return k;
    }

    /** RaceFuzzer's coin: heads, the arriving thread goes first. */
    boolean coin() {
        boolean heads = rng.nextBoolean();
        mix(heads ? 1 : 2);
        return heads;
    }

    void mix(int v) {
        if (!frozen) {
            digest = (digest ^ v) * 0x100000001b3L;
        }
    }

    /**
     * The schedule ended (a deadlock, a cut, an exit, an abandoned trial): what the threads do
     * while they unwind depends on the clock, so it is no part of the schedule's digest.
     */
    void freeze() {
        frozen = true;
    }

    String digest() {
        return Long.toHexString(digest);
    }
}
