package racepipe.dynamic.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.BasicVerifier;

/**
 * The agent instruments the code people write: every synchronized shape of MonitorShapes, every
 * class with a monitor in the JDK's java.base, and every class of the benchmarks, Guava,
 * commons-lang3 and Jackson, with no method left as it was, HotSpot's monitor rules kept
 * (MonitorRules), and the verifier's consent: the JVM's own for classes a test may define
 * (linked by {@code getDeclaredMethods}), ASM's data-flow check for java.base's (a java.* class
 * cannot be defined twice).
 */
class InstrumentationCorpusTest {
    private static final ClassHierarchy HIERARCHY = new ClassHierarchy(InstrumentationCorpusTest.class.getClassLoader());

    @Test
    void every_synchronized_shape_should_be_instrumented_verified_and_run_as_before() throws Exception {
        String name = MonitorShapes.class.getName();
        byte[] original = bytes(MonitorShapes.class.getResourceAsStream("/" + name.replace('.', '/') + ".class"));
        Transformer.Instrumented done = Transformer.instrument(original, HIERARCHY, SiteFilter.ALL, false);
        assertThat(done.skipped()).isEmpty();
        assertThat(MonitorRules.broken(node(done.bytes()), new int[1])).isEmpty();
        Class<?> c = new Definer(getClass().getClassLoader(), Map.of(name, done.bytes())).loadClass(name);
        Map<String, Object> before = runAll(MonitorShapes.class);
        assertThat(before).hasSize(12); // ten methods, two fields
        assertThat(runAll(c)).isEqualTo(before);
    }

    /** Runs every method of a fresh instance in name order: what each returned, then the fields. */
    private static Map<String, Object> runAll(Class<?> c) throws Exception {
        var ctor = c.getDeclaredConstructor();
        ctor.setAccessible(true);
        Object o = ctor.newInstance();
        Map<String, Object> results = new TreeMap<>();
        for (Method m : c.getDeclaredMethods()) {
            results.put(m.getName(), null);
        }
        for (String name : List.copyOf(results.keySet())) {
            Method m = c.getDeclaredMethod(name);
            m.setAccessible(true);
            results.put(name, String.valueOf(m.invoke(o)));
        }
        for (String f : List.of("data", "mode")) {
            var field = c.getDeclaredField(f);
            field.setAccessible(true);
            results.put("field " + f, field.get(o));
        }
        return results;
    }

    @Test
    void every_class_of_java_base_with_a_monitor_should_be_instrumented_and_pass_the_data_flow_check() throws Exception {
        FileSystem jrt = FileSystems.getFileSystem(URI.create("jrt:/"));
        List<String> problems = new ArrayList<>();
        int[] classes = {0};
        int[] monitors = {0};
        try (Stream<Path> files = Files.walk(jrt.getPath("/modules/java.base"))) {
            files.filter(p -> p.toString().endsWith(".class") && !p.endsWith("module-info.class")).forEach(p -> {
                try {
                    byte[] original = Files.readAllBytes(p);
                    if (!hasMonitor(original)) {
                        return;
                    }
                    classes[0]++;
                    problems.addAll(check(original, monitors, false, null));
                } catch (IOException e) {
                    problems.add(p + ": " + e);
                }
            });
        }
        assertThat(problems).isEmpty();
        assertThat(classes[0]).as("java.base classes with a monitor").isGreaterThan(300);
        assertThat(monitors[0]).as("monitor entries checked").isGreaterThan(500);
    }

    @Test
    void every_class_of_the_benchmarks_and_real_libraries_should_be_instrumented_and_verified_by_the_jvm() throws Exception {
        for (Class<?> anchor : List.of(benchmarks.logservice.Main.class, com.google.common.collect.ImmutableList.class,
                org.apache.commons.lang3.StringUtils.class, com.fasterxml.jackson.databind.ObjectMapper.class)) {
            Path jar = Path.of(anchor.getProtectionDomain().getCodeSource().getLocation().toURI());
            Map<String, byte[]> instrumented = new TreeMap<>();
            List<String> problems = new ArrayList<>();
            int[] monitors = {0};
            try (Stream<Path> files = classFiles(jar)) {
                for (Path p : (Iterable<Path>) files::iterator) {
                    byte[] original = Files.readAllBytes(p);
                    String name = new ClassReader(original).getClassName().replace('/', '.');
                    problems.addAll(check(original, monitors, true, instrumented));
                    instrumented.putIfAbsent(name, original);
                }
            }
            Definer definer = new Definer(getClass().getClassLoader(), instrumented);
            int linked = 0;
            for (String name : instrumented.keySet()) {
                try {
                    definer.loadClass(name).getDeclaredMethods(); // links the class: the JVM's verifier runs
                    linked++;
                } catch (VerifyError e) {
                    problems.add(name + ": " + e);
                } catch (LinkageError | ClassNotFoundException e) {
                    // an optional dependency of the library is not here: the class cannot link, verified or not
                }
            }
            assertThat(problems).as(jar.getFileName().toString()).isEmpty();
            assertThat(linked).as(jar.getFileName() + ": classes linked").isGreaterThan(instrumented.size() * 8 / 10);
        }
    }

    /** Instruments one class; what went wrong, one line each. Keeps the instrumented bytes in {@code out}. */
    private static List<String> check(byte[] original, int[] monitors, boolean keep, Map<String, byte[]> out) {
        List<String> problems = new ArrayList<>();
        String name = new ClassReader(original).getClassName();
        Transformer.Instrumented done;
        try {
            done = Transformer.instrument(original, HIERARCHY, SiteFilter.ALL, false);
        } catch (RuntimeException e) {
            return List.of(name + ": " + e);
        }
        done.skipped().forEach(s -> problems.add(name + "." + s.method() + s.desc() + ": left as it was: " + s.reason()));
        ClassNode cn = node(done.bytes());
        problems.addAll(MonitorRules.broken(cn, monitors));
        if (keep) {
            out.put(name.replace('/', '.'), done.bytes());
        } else {
            for (MethodNode m : cn.methods) {
                if (!hasMonitor(m)) {
                    continue; // the data-flow check where the monitor rewrites are: the rest is the agent's everyday code
                }
                try {
                    new Analyzer<>(new BasicVerifier()).analyze(cn.name, m);
                } catch (AnalyzerException e) {
                    problems.add(name + "." + m.name + m.desc + ": " + e.getMessage());
                }
            }
        }
        return problems;
    }

    private static boolean hasMonitor(byte[] bytes) {
        return node(bytes).methods.stream().anyMatch(InstrumentationCorpusTest::hasMonitor);
    }

    /** A synchronized method with code, or one with a monitorenter (after instrumentation: every monitor is explicit). */
    private static boolean hasMonitor(MethodNode m) {
        if ((m.access & Opcodes.ACC_SYNCHRONIZED) != 0 && (m.access & Opcodes.ACC_NATIVE) == 0) {
            return true;
        }
        for (AbstractInsnNode n : m.instructions) {
            if (n.getOpcode() == Opcodes.MONITORENTER) {
                return true;
            }
        }
        return false;
    }

    private static ClassNode node(byte[] bytes) {
        ClassNode cn = new ClassNode();
        new ClassReader(bytes).accept(cn, 0);
        return cn;
    }

    private static Stream<Path> classFiles(Path jarOrFolder) throws IOException, URISyntaxException {
        Path root = Files.isDirectory(jarOrFolder) ? jarOrFolder
                : FileSystems.newFileSystem(jarOrFolder, (ClassLoader) null).getPath("/");
        return Files.walk(root).filter(p -> p.toString().endsWith(".class") && !p.toString().contains("META-INF")
                && !p.endsWith("module-info.class") && !p.endsWith("package-info.class"));
    }

    private static byte[] bytes(InputStream in) throws IOException {
        try (in) {
            return in.readAllBytes();
        }
    }

    /** Defines the given classes itself (child first), everything else from its parent. */
    private static final class Definer extends ClassLoader {
        private final Map<String, byte[]> classes;

        Definer(ClassLoader parent, Map<String, byte[]> classes) {
            super(parent);
            this.classes = classes;
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                if (c == null) {
                    byte[] b = classes.get(name);
                    c = b != null ? defineClass(name, b, 0, b.length) : super.loadClass(name, false);
                }
                return c;
            }
        }
    }
}
