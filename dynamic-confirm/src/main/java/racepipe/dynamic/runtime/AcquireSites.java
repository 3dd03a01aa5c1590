package racepipe.dynamic.runtime;

/**
 * Per thread, the site of the acquire it is about to make: instrumented code tells it just before
 * a monitorenter or a Lock call ({@link RT#acquireSite}); the scheduler reads it at its grant
 * (DeadlockFuzzer pauses there), the recorder takes it with the acquire (the lock-order detector).
 * -1: no site (a library's monitor, a re-acquire after a wait); a synchronized method's monitor has one at
 * offset {@link racepipe.contract.SiteKey#METHOD_MONITOR}.
 */
public final class AcquireSites {
    private static final ThreadLocal<int[]> NEXT = ThreadLocal.withInitial(() -> new int[] {-1});

    private AcquireSites() {
    }

    static void at(int site) {
        NEXT.get()[0] = site;
    }

    /** The site of the acquire the calling thread is about to make, left for the recorder. */
    public static int peek() {
        return NEXT.get()[0];
    }

    /** The site of the acquire the calling thread just made; the next acquire tells its own. */
    static int take() {
        int[] a = NEXT.get();
        int s = a[0];
        a[0] = -1;
        return s;
    }
}
