package racepipe.dynamic.agent;

import static org.assertj.core.api.Assertions.assertThat;

import depfixture.DepFixtureApp;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.util.Textifier;
import org.objectweb.asm.util.TraceMethodVisitor;
import racepipe.contract.Outcome;
import racepipe.contract.RunResult;
import racepipe.dynamic.runtime.Control;
import racepipe.dynamic.runtime.Site;
import racepipe.dynamic.runtime.Sites;

/**
 * A dependency's code as the agent instruments it: DepFixtureLib's class file is copied to a
 * folder of its own, which the agent's {@code deps=} names (a package outside racepipe's: the
 * agent leaves its own classes alone). The application's calls into it
 * (DepFixtureApp) are bracketed like calls into java.util; its accesses carry their own site but
 * count, at run time, at the application's call, on the dependency's own field, with the
 * dependency's frame in the run's result.
 */
class DependencyAttributionTest {
    private static final String LIB = "depfixture/DepFixtureLib";
    private static final String APP = "depfixture/DepFixtureApp";
    private static final String SUB = "depfixture/DepFixtureApp$Sub";
    private static final String RT = "INVOKESTATIC racepipe/dynamic/runtime/RT.";
    @TempDir
    static Path dir;
    static Path depFolder;
    static ClassHierarchy hierarchy;
    static final Map<String, byte[]> instrumented = new HashMap<>();

    @BeforeAll
    static void instrument() throws Exception {
        depFolder = dir.resolve("dep");
        Path copy = depFolder.resolve(LIB + ".class");
        Files.createDirectories(copy.getParent());
        Files.write(copy, original(LIB));
        Path testClasses = Path.of(DepFixtureApp.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Dependencies deps = Dependencies.of(depFolder.toString());
        // the dependency's folder first: its copy of DepFixtureLib is the one the program loads
        hierarchy = new ClassHierarchy(new URLClassLoader(new URL[] {depFolder.toUri().toURL(), testClasses.toUri().toURL()}, null),
                deps);
        assertThat(hierarchy.isDependency(LIB)).isTrue();
        assertThat(hierarchy.isDependency(APP)).isFalse();
        assertThat(hierarchy.isDependency("java/util/ArrayList")).isFalse();
        instrumented.put(LIB, Transformer.instrument(original(LIB), hierarchy, SiteFilter.ALL, true).bytes());
        instrumented.put(APP, Transformer.instrument(original(APP), hierarchy, SiteFilter.ALL, false).bytes());
        instrumented.put(SUB, Transformer.instrument(original(SUB), hierarchy, SiteFilter.ALL, false).bytes());
    }

    private static byte[] original(String name) throws IOException {
        try (InputStream in = DependencyAttributionTest.class.getResourceAsStream("/" + name + ".class")) {
            return in.readAllBytes();
        }
    }

    /** The method's instructions as Textifier prints them, trimmed, keeping calls, field accesses, monitors and pushed constants. */
    private static List<String> code(String cls, String method) {
        List<String> out = new ArrayList<>();
        new ClassReader(instrumented.get(cls)).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String desc, String sig, String[] ex) {
                if (!name.equals(method)) {
                    return null;
                }
                return new TraceMethodVisitor(new Textifier(Opcodes.ASM9) {
                    @Override
                    public void visitMethodEnd() {
                        for (Object o : getText()) {
                            String l = o.toString().trim();
                            if (l.matches("(INVOKE|GETFIELD|PUTFIELD|GETSTATIC|PUTSTATIC|MONITOR|[IA]ALOAD|[IA]ASTORE|LDC|BIPUSH|SIPUSH).*")) {
                                out.add(l);
                            }
                        }
                    }
                });
            }
        }, 0);
        return out;
    }

    /** The registered sites of the accesses inside the dependency's method (pushed as Sites.dependency(id)). */
    private static List<Site> dependencySites(String method) {
        List<Site> out = new ArrayList<>();
        for (String l : code(LIB, method)) {
            if (l.startsWith("LDC -")) {
                out.add(Sites.get(Integer.parseInt(l.substring(4).trim()) - Integer.MIN_VALUE));
            }
        }
        return out;
    }

    @Test
    void an_application_call_into_the_dependency_is_bracketed_with_its_call_site() {
        List<String> call = code(APP, "call");
        assertThat(call).filteredOn(l -> l.startsWith("INVOKE")).containsExactly(
                RT + "libEnter (I)V", "INVOKEVIRTUAL " + LIB + ".add ()V", RT + "libExit (I)V");
        Site site = Sites.get(Integer.parseInt(call.get(0).substring(call.get(0).indexOf(' ') + 1).trim()));
        assertThat(site.variable).isEqualTo("call depfixture.DepFixtureLib.add");
        assertThat(site.key()).startsWith(APP + ".call(L" + LIB + ";)V@");
        // an application class that inherits the dependency's method: its calls lead into the dependency too
        assertThat(code(APP, "inherited")).filteredOn(l -> l.startsWith("INVOKE")).containsExactly(
                RT + "libEnter (I)V", "INVOKEVIRTUAL " + SUB + ".add ()V", RT + "libExit (I)V");
        // a constructor is not such a call (a new object is not shared yet); the application's own access is its own site
        assertThat(code(APP, "make")).filteredOn(l -> l.startsWith("INVOKE")).containsExactly("INVOKESPECIAL " + LIB + ".<init> ()V");
        assertThat(code(APP, "own")).filteredOn(l -> l.startsWith("INVOKE"))
                .containsExactly(RT + "readStatic (I)V", RT + "writeStatic (I)V");
    }

    @Test
    void the_dependencys_accesses_have_sites_of_their_own_but_call_the_bridge_with_the_dependency_code() {
        List<String> add = code(LIB, "add");
        assertThat(add).filteredOn(l -> l.startsWith("INVOKE") || l.startsWith("MONITOR")).containsExactly(
                RT + "read (Ljava/lang/Object;I)V", RT + "write (Ljava/lang/Object;I)V",
                RT + "readStatic (I)V", RT + "writeStatic (I)V",
                RT + "arrayRead (Ljava/lang/Object;II)V", RT + "storeInt ([IIII)V",
                RT + "syncBefore (Ljava/lang/Object;Z)V", // a List may be a concurrent one: its edges, as in the application
                RT + "passIn (Ljava/lang/Object;Ljava/lang/Object;Z)V", // and the element added is handed off
                "INVOKEINTERFACE java/util/List.add (Ljava/lang/Object;)Z (itf)", // library code calling library code: not bracketed
                RT + "syncAfter (Ljava/lang/Object;Z)V",
                RT + "acquireSite (I)V", RT + "monitorEnter (Ljava/lang/Object;)V", "MONITORENTER", RT + "monitorEntered (Ljava/lang/Object;)V",
                RT + "read (Ljava/lang/Object;I)V", RT + "write (Ljava/lang/Object;I)V",
                RT + "monitorExit (Ljava/lang/Object;)V", "MONITOREXIT",
                "MONITOREXIT", RT + "monitorExit (Ljava/lang/Object;)V"); // a throw's way out: noted after the release
        List<Site> sites = dependencySites("add");
        assertThat(sites).extracting(s -> s.variable).contains("depfixture.DepFixtureLib.count",
                "depfixture.DepFixtureLib.total", "depfixture.DepFixtureLib.cells[]");
        assertThat(sites).allMatch(s -> s.owner.equals(LIB) && s.file.equals("DepFixtureLib.java") && s.line > 0);
    }

    /** Loads the instrumented classes in a loader of their own (the JVM verifies them). */
    private static Class<?> load(String name) throws Exception {
        ClassLoader l = new ClassLoader(DependencyAttributionTest.class.getClassLoader()) {
            @Override
            protected Class<?> loadClass(String n, boolean resolve) throws ClassNotFoundException {
                synchronized (getClassLoadingLock(n)) {
                    byte[] b = instrumented.get(n.replace('.', '/'));
                    if (b == null) {
                        return super.loadClass(n, resolve);
                    }
                    Class<?> c = findLoadedClass(n);
                    return c != null ? c : defineClass(n, b, 0, b.length);
                }
            }
        };
        return l.loadClass(name.replace('/', '.'));
    }

    @Test
    void at_run_time_the_dependencys_accesses_count_at_the_application_call_with_their_frames() throws Exception {
        Class<?> app = load(APP);
        Object lib = app.getMethod("make").invoke(null);
        var call = app.getMethod("call", lib.getClass());
        Control.record(List.of("ls", "hb"));
        RunResult result;
        try {
            List<Thread> threads = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                threads.add(new Thread(() -> {
                    try {
                        call.invoke(null, lib);
                    } catch (ReflectiveOperationException e) {
                        throw new IllegalStateException(e);
                    }
                }, "T" + i));
            }
            // outside any application call the dependency's accesses count nowhere
            Thread direct = new Thread(() -> {
                try {
                    lib.getClass().getMethod("add").invoke(lib);
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException(e);
                }
            }, "direct");
            for (Thread t : threads) {
                t.start();
                t.join();
            }
            direct.start();
            direct.join();
            Path file = dir.resolve("run.json");
            Control.writeResult(file, new RunResult(Outcome.OK, "x", 0, null, null, List.of(), List.of(), List.of()));
            result = RunResult.read(file);
        } finally {
            Control.stopRecording();
        }
        assertThat(lib.getClass().getMethod("size").invoke(lib)).isEqualTo(6);
        // one statement pair, the call site with itself, seen by both detectors (no start/join edge seen)
        assertThat(result.pairs()).extracting(RunResult.Pair::detector).containsExactly("ls", "hb");
        assertThat(result.pairs()).allMatch(p -> p.siteA() == p.siteB());
        assertThat(result.sites()).hasSize(1);
        RunResult.Site site = result.sites().get(0);
        assertThat(site.key()).startsWith(APP + ".call(");
        assertThat(site.variable()).isEqualTo("call depfixture.DepFixtureLib.add");
        Set<String> frames = site.library().stream().map(RunResult.LibraryAccess::frame).collect(Collectors.toSet());
        assertThat(frames).allMatch(f -> f.matches("depfixture\\.DepFixtureLib\\.add\\(DepFixtureLib\\.java:\\d+\\)"));
        assertThat(site.library()).extracting(RunResult.LibraryAccess::variable).contains(
                "depfixture.DepFixtureLib.count", "depfixture.DepFixtureLib.total", "depfixture.DepFixtureLib.cells[]");
        assertThat(site.library()).anyMatch(RunResult.LibraryAccess::write).anyMatch(a -> !a.write());
    }
}
