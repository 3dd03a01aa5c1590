package benchmarks.codecs;

import java.util.Map;

/**
 * The codecs by name: a lazily created singleton with double-checked locking on a plain static
 * field. Its only state is final (the map is built in the constructor and never changed), so a
 * thread that sees the reference sees a complete registry: the unlocked read is a benign race.
 */
final class CodecRegistry {
    private static final Object LOCK = new Object();
    private static CodecRegistry instance;
    static int lookups;

    private final Map<String, Codec> byName;

    private CodecRegistry() {
        byName = Map.of("hex", new HexCodec(), "dec", new Base10Codec());
    }

    static CodecRegistry get() {
        lookups = lookups + 1; // @site lookups
        CodecRegistry r = instance; // @site dclRead
        if (r == null) {
            synchronized (LOCK) {
                r = instance; // @site dclRecheck
                if (r == null) {
                    r = new CodecRegistry();
                    instance = r; // @site dclWrite
                }
            }
        }
        return r;
    }

    Codec codec(String name) {
        Codec c = byName.get(name);
        if (c == null) {
            throw new IllegalArgumentException("no codec " + name);
        }
        return c;
    }
}
