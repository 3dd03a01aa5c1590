package benchmarks.startonce;

import java.util.ArrayList;
import java.util.List;

/** The process's service registry: a service registers once; a second registration is a bug. */
final class Registry {
    private final List<String> names = new ArrayList<>();

    synchronized void register(String name) {
        if (names.contains(name)) {
            throw new IllegalStateException("service registered twice: " + name);
        }
        names.add(name);
    }

    synchronized int size() {
        return names.size();
    }
}
