package benchmarks.migration;

/**
 * Copies the rows of the old schema into the new one, converting each; it holds the old table
 * (so nobody writes it meanwhile) and then the new one: old, then new.
 */
final class Migrator implements Runnable {
    private final Table from, to;
    private int copied;

    Migrator(Table from, Table to) {
        this.from = from;
        this.to = to;
    }

    @Override
    public void run() {
        synchronized (from) { // @lock copyOld
            synchronized (to) { // @lock copyNew
                for (int k : from.keys()) {
                    to.put(k, convert(from.get(k)));
                    copied++; // @site copiedInc
                }
            }
        }
    }

    /** "name;city;age" becomes "NAME|age|city" with a checksum column. */
    static String convert(String row) {
        String[] f = row.split(";");
        String out = f[0].toUpperCase() + "|" + f[2] + "|" + f[1];
        int sum = 0;
        for (int i = 0; i < out.length(); i++) {
            sum = 31 * sum + out.charAt(i);
        }
        return out + "|" + Integer.toHexString(sum);
    }

    int copied() {
        return copied; // @site copiedRead
    }
}
