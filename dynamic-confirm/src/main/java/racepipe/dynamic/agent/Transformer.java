package racepipe.dynamic.agent;

import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;

/**
 * Instruments application classes as they load: not the JDK's, not racepipe's own. Failures
 * are reported on stderr (the JVM would swallow them) and leave the class as it was.
 */
final class Transformer implements ClassFileTransformer {
    private final Set<String> onlySites;
    private final Map<ClassLoader, ClassHierarchy> hierarchies = new WeakHashMap<>();
    private final ClassHierarchy bootHierarchy = new ClassHierarchy(null);
    volatile int instrumented;

    Transformer(Set<String> onlySites) {
        this.onlySites = onlySites;
    }

    static boolean isApplicationClass(String name) {
        return !(name.startsWith("java/") || name.startsWith("javax/") || name.startsWith("jdk/")
                || name.startsWith("sun/") || name.startsWith("com/sun/") || name.startsWith("racepipe/dynamic/")
                || name.startsWith("org/xml/") || name.startsWith("org/w3c/") || name.contains("$$Lambda"));
    }

    @Override
    public byte[] transform(ClassLoader loader, String name, Class<?> redefined, ProtectionDomain pd, byte[] bytes) {
        if (loader == null || name == null || redefined != null || !isApplicationClass(name)) {
            return null;
        }
        try {
            byte[] out = instrument(bytes, hierarchy(loader), onlySites);
            instrumented++;
            return out;
        } catch (Throwable t) {
            System.err.println("racepipe: could not instrument " + name.replace('/', '.') + ": " + t);
            return null;
        }
    }

    private synchronized ClassHierarchy hierarchy(ClassLoader loader) {
        return loader == null ? bootHierarchy : hierarchies.computeIfAbsent(loader, ClassHierarchy::new);
    }

    static byte[] instrument(byte[] bytes, ClassHierarchy hierarchy, Set<String> onlySites) {
        ClassReader reader = new ClassReader(bytes);
        ClassWriter writer = new ClassWriter(reader, ClassWriter.COMPUTE_MAXS);
        reader.accept(new ClassInstrumenter(writer, new BytecodeOffsets(reader), hierarchy, onlySites),
                ClassReader.EXPAND_FRAMES);
        return writer.toByteArray();
    }
}
