package benchmarks.migration;

import java.util.TreeMap;

/** A table of rows by key, guarded by its own monitor (a stand-in for a table lock). */
final class Table {
    final String name;
    private final TreeMap<Integer, String> rows = new TreeMap<>();

    Table(String name) {
        this.name = name;
    }

    /** Callers hold this monitor. */
    void put(int key, String row) {
        rows.put(key, row);
    }

    /** Callers hold this monitor. */
    String get(int key) {
        return rows.get(key);
    }

    /** Callers hold this monitor. */
    Iterable<Integer> keys() {
        return rows.keySet();
    }

    synchronized int size() {
        return rows.size();
    }
}
