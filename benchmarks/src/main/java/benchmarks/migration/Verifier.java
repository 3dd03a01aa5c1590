package benchmarks.migration;

/**
 * Checks the new schema against the old, row by row: it walks the new table (held first) and
 * looks each row up in the old one (held second): new, then old. The reverse of the migrator's
 * order; but the verifier is started only after the migrator was joined, so the two can never
 * wait for each other (Goodlock's start/join rule).
 */
final class Verifier implements Runnable {
    private final Table oldT, newT;
    private int mismatches = -1;

    Verifier(Table oldT, Table newT) {
        this.oldT = oldT;
        this.newT = newT;
    }

    @Override
    public void run() {
        int bad = 0;
        synchronized (newT) { // @lock checkNew
            synchronized (oldT) { // @lock checkOld
                for (int k : newT.keys()) {
                    String old = oldT.get(k);
                    if (old == null || !Migrator.convert(old).equals(newT.get(k))) {
                        bad++;
                    }
                }
            }
        }
        mismatches = bad; // @site mismatchWrite
    }

    int mismatches() {
        return mismatches; // @site mismatchRead
    }
}
