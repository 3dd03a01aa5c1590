package racepipe.dynamic.agent;

import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Instrumented classes kept across class loaders of one shape: a worker that runs each trial
 * (each explored execution) in a fresh {@code URLClassLoader} over the same class path and
 * parent loads the same bytes again and again, and instrumenting them is most of the cost of
 * loading a small program. The instrumentation is a function of the bytes, of whether the class
 * is a dependency's, and of the class hierarchy the loader sees (the same for the same class
 * path and parent); site ids are the same for the same site (Sites). Other loaders (the
 * program's own) are not cached: their hierarchy is theirs.
 */
final class InstrumentedCache {
    /** Enough for any program's classes; beyond it (a program that makes classes) nothing more is kept. */
    private static final int MAX_ENTRIES = 50_000;

    private final Map<Key, Transformer.Instrumented> done = new HashMap<>();

    /** The class's instrumentation in a loader of the same shape before, or null. */
    synchronized Transformer.Instrumented get(ClassLoader loader, boolean dependency, byte[] bytes) {
        Object shape = shape(loader);
        return shape == null ? null : done.get(new Key(shape, dependency, bytes));
    }

    synchronized void put(ClassLoader loader, boolean dependency, byte[] bytes, Transformer.Instrumented result) {
        Object shape = shape(loader);
        if (shape != null && done.size() < MAX_ENTRIES) {
            done.put(new Key(shape, dependency, bytes.clone()), result);
        }
    }

    /** What decides the loader's hierarchy: its class path and parent (a plain URLClassLoader only); null: not cacheable. */
    static Object shape(ClassLoader loader) {
        if (loader == null || loader.getClass() != URLClassLoader.class) {
            return null;
        }
        List<Object> shape = new ArrayList<>();
        for (URL u : ((URLClassLoader) loader).getURLs()) {
            shape.add(u.toExternalForm()); // URL.equals would resolve host names
        }
        shape.add(new Identity(loader.getParent()));
        return shape;
    }

    /** A loader compared by identity. */
    private record Identity(ClassLoader loader) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Identity i && i.loader == loader;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(loader);
        }
    }

    private static final class Key {
        final Object shape;
        final boolean dependency;
        final byte[] bytes;
        final int hash;

        Key(Object shape, boolean dependency, byte[] bytes) {
            this.shape = shape;
            this.dependency = dependency;
            this.bytes = bytes;
            this.hash = (shape.hashCode() * 31 + Arrays.hashCode(bytes)) * 2 + (dependency ? 1 : 0);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && k.hash == hash && k.dependency == dependency && k.shape.equals(shape)
                    && Arrays.equals(k.bytes, bytes);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }
}
