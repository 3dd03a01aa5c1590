package racepipe.dynamic.agent;

import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodTooLargeException;
import racepipe.contract.BytecodeOffsets;
import racepipe.contract.RunResult;
import racepipe.contract.WatchedLibrary;
import racepipe.dynamic.runtime.Control;
import racepipe.dynamic.runtime.Uninstrumented;

/**
 * Instruments application classes as they load: not the JDK's (but the watched collection
 * classes of WatchedLibrary, retransformed at start), not racepipe's own. A class loaded from
 * one of the program's dependencies ({@link Dependencies}) is instrumented as library code. Failures
 * are reported on stderr (the JVM would swallow them) and leave the class as it was.
 */
final class Transformer implements ClassFileTransformer {
    private final SiteFilter filter;
    private final Dependencies deps;
    private AtomicBlocks atomic = AtomicBlocks.NONE;
    private final Map<ClassLoader, ClassHierarchy> hierarchies = new WeakHashMap<>();
    private final ClassHierarchy bootHierarchy = new ClassHierarchy(null);
    private final InstrumentedCache cache = new InstrumentedCache();

    Transformer(SiteFilter filter, Dependencies deps) {
        this.filter = filter;
        this.deps = deps;
        // what transform() needs is loaded now: loading it inside transform() is a circularity
        WatchedLibrary.isWatched("");
        Control.outsideProgram(() -> null);
    }

    /** Instruments these atomic blocks' operations too (the agent's atomic= option). */
    Transformer atomic(AtomicBlocks blocks) {
        this.atomic = blocks;
        return this;
    }

    static boolean isApplicationClass(String name) {
        return !(name.startsWith("java/") || name.startsWith("javax/") || name.startsWith("jdk/")
                || name.startsWith("sun/") || name.startsWith("com/sun/") || name.startsWith("racepipe/dynamic/")
                || name.startsWith("org/xml/") || name.startsWith("org/w3c/") || name.contains("$$Lambda"));
    }

    @Override
    public byte[] transform(ClassLoader loader, String name, Class<?> redefined, ProtectionDomain pd, byte[] bytes) {
        if (name == null) {
            return null;
        }
        boolean library = WatchedLibrary.isWatched(name);
        if (!library && (loader == null || redefined != null || !isApplicationClass(name))) {
            return null;
        }
        boolean dependency = !library && deps.contains(pd);
        String cls = name.replace('/', '.');
        try {
            Instrumented done = Control.outsideProgram(() -> {
                Instrumented known = cache.get(loader, dependency, bytes);
                if (known != null) {
                    return known;
                }
                Instrumented fresh = instrument(bytes, hierarchy(loader), filter, dependency, atomic);
                cache.put(loader, dependency, bytes, fresh);
                return fresh;
            });
            for (ClassInstrumenter.Skipped s : done.skipped()) {
                left(new RunResult.Uninstrumented(cls, s.method(), s.desc(), s.reason()));
            }
            return done.bytes();
        } catch (Throwable t) {
            left(new RunResult.Uninstrumented(cls, "*", "", String.valueOf(t)));
            return null;
        }
    }

    /** Says so on stderr (the JVM would swallow it) and in the run's result. */
    private static void left(RunResult.Uninstrumented m) {
        Uninstrumented.add(m);
        System.err.println("racepipe: could not instrument " + m.label() + ": " + m.reason() + " (it runs as it was)");
    }

    private synchronized ClassHierarchy hierarchy(ClassLoader loader) {
        return loader == null ? bootHierarchy : hierarchies.computeIfAbsent(loader, l -> new ClassHierarchy(l, deps));
    }

    static byte[] instrument(byte[] bytes, ClassHierarchy hierarchy, Set<String> onlySites) {
        return instrument(bytes, hierarchy, SiteFilter.only(onlySites), false).bytes();
    }

    /** A class's instrumented bytes, and the methods left as they were. */
    record Instrumented(byte[] bytes, List<ClassInstrumenter.Skipped> skipped) {
    }

    /**
     * {@code dependency}: the class is a dependency's (library code: its accesses count at the
     * application's calls). A method that grows past the class file's 64 KB limit is left as it
     * was, and the class written again without it.
     */
    static Instrumented instrument(byte[] bytes, ClassHierarchy hierarchy, SiteFilter filter, boolean dependency) {
        return instrument(bytes, hierarchy, filter, dependency, AtomicBlocks.NONE);
    }

    static Instrumented instrument(byte[] bytes, ClassHierarchy hierarchy, SiteFilter filter, boolean dependency,
                                   AtomicBlocks atomic) {
        Set<String> tooLarge = new HashSet<>();
        while (true) {
            ClassReader reader = new ClassReader(bytes);
            ClassWriter writer = new ClassWriter(reader, ClassWriter.COMPUTE_MAXS);
            ClassInstrumenter ci = new ClassInstrumenter(writer, BytecodeOffsets.read(bytes), hierarchy, filter, dependency)
                    .leaveAlone(tooLarge).atomic(atomic);
            reader.accept(ci.maxLocals(BytecodeOffsets.maxLocals(bytes)), ClassReader.EXPAND_FRAMES);
            try {
                return new Instrumented(writer.toByteArray(), ci.skipped());
            } catch (MethodTooLargeException e) {
                if (!tooLarge.add(e.getMethodName() + e.getDescriptor())) {
                    throw e; // as it was, and still too large: not the instrumentation's doing
                }
            }
        }
    }
}
