package racepipe.dynamic.detect;

/**
 * The pure lockset pair test: two accesses by different threads to one location, one a write,
 * and no lock that one holds exclusively and the other holds at all.
 * <p>The test has no time in it, so a location's pairs are those among its distinct accesses:
 * only an access the location has not seen before (a fresh entry) can add one, and a repeat
 * costs nothing. It keeps no state of its own.
 */
public final class LocksetDetector implements Detector {
    private final PairTable pairs = new PairTable();

    @Override
    public String name() {
        return "ls";
    }

    @Override
    public PairTable pairs() {
        return pairs;
    }

    @Override
    public int repeatColumn() {
        return NEVER;
    }

    @Override
    public void access(Shape s, int[] data, int base, int e, boolean fresh, Context by) {
        if (fresh) {
            check(s, e, by);
        }
    }

    private void check(Shape s, int e, Context by) {
        int site = s.site(e);
        boolean write = s.write(e);
        for (int i = 0; i < e; i++) {
            Context other = s.who(i);
            if (other.tid != by.tid && (write || s.write(i)) && !other.excludes(by)) {
                pairs.record(s.site(i), other.tid, site, by.tid);
            }
        }
    }
}
