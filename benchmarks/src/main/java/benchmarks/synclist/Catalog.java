package benchmarks.synclist;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** The SKUs on sale, in a synchronized list: every call locks the catalog's own list. */
final class Catalog {
    private final List<String> skus = Collections.synchronizedList(new ArrayList<>());

    void add(String sku) {
        skus.add(sku); // @site catalogAdd
    }

    void discontinue(String sku) {
        skus.remove(sku); // @site catalogRemove
    }

    /**
     * Whether every item is on sale. The wrapper's containsAll locks the catalog's list only; it
     * iterates {@code items} without that list's lock, although items is a synchronized list too.
     */
    boolean covers(List<String> items) {
        return skus.containsAll(items); // @site covers
    }
}
