package racepipe.dynamic.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Instrumented bytes are shared between loaders of one class path and parent, and only there. */
class InstrumentedCacheTest {
    private static final byte[] A = {1, 2, 3};
    private static final byte[] B = {1, 2, 4};
    private final Transformer.Instrumented done = new Transformer.Instrumented(new byte[] {9}, List.of());

    private static URLClassLoader loader(String dir, ClassLoader parent) throws Exception {
        return new URLClassLoader(new URL[] {Path.of(dir).toUri().toURL()}, parent);
    }

    @Test
    void aFreshLoaderOfTheSameShapeFindsTheBytes() throws Exception {
        InstrumentedCache cache = new InstrumentedCache();
        ClassLoader parent = ClassLoader.getPlatformClassLoader();
        try (URLClassLoader first = loader("/tmp/app", parent); URLClassLoader second = loader("/tmp/app", parent)) {
            cache.put(first, false, A, done);
            assertThat(cache.get(second, false, A.clone())).isSameAs(done);
            assertThat(cache.get(second, true, A)).as("a dependency's class is instrumented otherwise").isNull();
            assertThat(cache.get(second, false, B)).as("other bytes").isNull();
        }
    }

    @Test
    void anotherClassPathOrParentDoesNot() throws Exception {
        InstrumentedCache cache = new InstrumentedCache();
        ClassLoader parent = ClassLoader.getPlatformClassLoader();
        try (URLClassLoader first = loader("/tmp/app", parent); URLClassLoader path = loader("/tmp/other", parent);
             URLClassLoader harness = loader("/tmp/harness", parent); URLClassLoader child = loader("/tmp/app", harness)) {
            cache.put(first, false, A, done);
            assertThat(cache.get(path, false, A)).isNull();
            assertThat(cache.get(child, false, A)).isNull();
        }
    }

    @Test
    void theProgramsOwnLoadersAreNotCached() throws Exception {
        InstrumentedCache cache = new InstrumentedCache();
        ClassLoader own = new URLClassLoader(new URL[0], null) {
        };
        cache.put(own, false, A, done);
        assertThat(cache.get(own, false, A)).isNull();
        assertThat(InstrumentedCache.shape(null)).isNull();
    }

    @Test
    void theCallerMayChangeItsArrayAfterwards() throws Exception {
        InstrumentedCache cache = new InstrumentedCache();
        byte[] mine = A.clone();
        try (URLClassLoader first = loader("/tmp/app", null)) {
            cache.put(first, false, mine, done);
            mine[0] = 7;
            assertThat(cache.get(first, false, A)).isSameAs(done);
        }
    }
}
