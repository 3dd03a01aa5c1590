package racepipe.pipeline.tests;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.jar.JarOutputStream;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import racepipe.pipeline.input.ProgramInput;
import racepipe.pipeline.input.UsageError;
import racepipe.pipeline.tests.runner.SuiteRunner;

/**
 * A project's tests as the program racepipe's phases take. The program's own classes go into one
 * jar ({@code program.jar}, entries sorted and undated): the tests (a class folder or a tests jar)
 * and every {@code --cp} entry that shares a package with them (the project's main classes, a
 * folder or a jar: their races are reported at their own lines), plus {@link StaticEntries}. The
 * rest of {@code --cp} are dependencies, as in analyze, and so are JUnit's launcher (the
 * project's own, else the one of its engine's version beside it in a Maven repository, else
 * racepipe's) and {@link SuiteRunner}, copied into {@code runner/}: the agent never reports an
 * access inside them. Test classes are those surefire runs by default: a simple name
 * {@code Test*}, {@code *Test}, {@code *Tests} or {@code *TestCase}, not abstract.
 */
public final class SuiteProgram {
    static final Pattern TEST_CLASS = Pattern.compile("(Test.*|.*Test|.*Tests|.*TestCase)");
    private static final FileTime EPOCH = FileTime.fromMillis(0);
    public static final String RUNNER = SuiteRunner.class.getName();

    private final Path jar;
    private final List<Path> deps;
    private final List<String> testClasses;
    private final Map<String, StaticEntries.Info> infos;
    private final List<String> notes = new ArrayList<>();
    private List<String> jvmArgs = List.of();

    private SuiteProgram(Path jar, List<Path> deps, List<String> testClasses, Map<String, StaticEntries.Info> infos) {
        this.jar = jar;
        this.deps = deps;
        this.testClasses = testClasses;
        this.infos = infos;
    }

    /** Builds {@code dir/program.jar} and {@code dir/runner/} from the tests and their class path. */
    public static SuiteProgram build(Path tests, List<Path> classPath, Path dir) throws IOException {
        if (tests == null || !Files.exists(tests)) {
            throw new UsageError("no such test classes folder or tests jar: " + tests);
        }
        Map<String, byte[]> testFiles = read(tests);
        Set<String> packages = new HashSet<>();
        Map<String, StaticEntries.Info> infos = new TreeMap<>();
        for (Map.Entry<String, byte[]> e : testFiles.entrySet()) {
            if (e.getKey().endsWith(".class") && !e.getKey().startsWith("META-INF/")) {
                packages.add(pkg(e.getKey()));
                try {
                    StaticEntries.Info info = StaticEntries.read(e.getValue());
                    infos.put(info.name(), info);
                } catch (RuntimeException bad) {
                    throw new UsageError("a class file does not parse: " + e.getKey() + " in " + tests);
                }
            }
        }
        List<String> testClasses = new ArrayList<>();
        for (StaticEntries.Info i : infos.values()) {
            String simple = i.name().substring(i.name().lastIndexOf('/') + 1);
            if (!simple.contains("$") && TEST_CLASS.matcher(simple).matches() && !i.isAbstract() && !i.isInterface()) {
                testClasses.add(i.name().replace('/', '.'));
            }
        }
        Map<String, byte[]> app = new TreeMap<>(testFiles);
        List<Path> deps = new ArrayList<>();
        for (Path p : classPath) {
            Path abs = p.toAbsolutePath().normalize();
            if (abs.equals(tests.toAbsolutePath().normalize())) {
                continue;
            }
            Map<String, byte[]> files = Files.isDirectory(abs) || isJar(abs) ? read(abs) : Map.of();
            boolean own = files.keySet().stream().anyMatch(f -> f.endsWith(".class") && packages.contains(pkg(f)));
            if (own) {
                files.forEach((k, v) -> {
                    app.putIfAbsent(k, v);
                    if (k.endsWith(".class") && !k.startsWith("META-INF/")) {
                        try {
                            StaticEntries.Info info = StaticEntries.read(v);
                            infos.putIfAbsent(info.name(), info);
                        } catch (RuntimeException ignored) {
                            // not the program's concern here: the engines say so
                        }
                    }
                });
            } else {
                deps.add(abs);
            }
        }
        Files.createDirectories(dir);
        Path runner = dir.resolve("runner");
        copyRunner(runner);
        SuiteProgram s = new SuiteProgram(dir.resolve("program.jar"), new ArrayList<>(), testClasses, infos);
        s.deps.add(runner);
        s.deps.addAll(launcher(deps, s.notes));
        s.deps.addAll(deps);
        app.put(StaticEntries.NAME.replace('.', '/') + ".class", StaticEntries.generate(infos,
                testClasses.stream().map(c -> c.replace('.', '/')).toList()));
        write(s.jar, app);
        return s;
    }

    /** The JVM options (--jvm-arg) every JVM that runs the tests gets; returns this. */
    public SuiteProgram runWith(List<String> options) {
        this.jvmArgs = List.copyOf(options);
        return this;
    }

    /** The program that runs these runner arguments: program.jar, the runner as entry, the dependencies, the JVM options. */
    public ProgramInput runtime(List<String> args) {
        return new ProgramInput(jar, RUNNER, args, deps, jvmArgs);
    }

    /** The program the static engine reads: the same classes, {@link StaticEntries} as entry. */
    public ProgramInput statics() {
        return new ProgramInput(jar, StaticEntries.NAME, List.of(), deps);
    }

    public List<String> testClasses() {
        return testClasses;
    }

    public List<Path> dependencies() {
        return deps;
    }

    public Path jar() {
        return jar;
    }

    /** What the user should know about how the tests will run (the launcher's version). */
    public List<String> notes() {
        return notes;
    }

    /** Whether the class (internal name) is one of racepipe's, generated or copied: never reported. */
    public static boolean isRacepipe(String internalName) {
        return internalName.startsWith("racepipe/tests/") || internalName.startsWith("racepipe/pipeline/");
    }

    /**
     * The JUnit Platform launcher for the project's engines: none added when the class path has
     * one; else the one of the engine's version in the same Maven repository; else racepipe's own.
     */
    static List<Path> launcher(List<Path> deps, List<String> notes) {
        Path engine = null;
        for (Path p : deps) {
            String f = p.getFileName().toString();
            if (f.startsWith("junit-platform-launcher-")) {
                return List.of();
            }
            if (f.startsWith("junit-platform-engine-") && f.endsWith(".jar")) {
                engine = p;
            }
        }
        if (engine == null) {
            throw new UsageError("no JUnit Platform engine on the class path: racepipe test runs JUnit 5 tests (junit-jupiter-engine)"
                    + " and JUnit 4 tests through junit-vintage-engine; give the tests' class path with --cp");
        }
        String version = engine.getFileName().toString().replaceFirst("^junit-platform-engine-", "").replaceFirst("\\.jar$", "");
        Path versionDir = engine.getParent();
        if (versionDir != null && versionDir.getParent() != null && versionDir.getParent().getParent() != null) {
            Path sibling = versionDir.getParent().getParent().resolve("junit-platform-launcher").resolve(version)
                    .resolve("junit-platform-launcher-" + version + ".jar");
            if (Files.isRegularFile(sibling)) {
                return List.of(sibling);
            }
        }
        Path own = location(org.junit.platform.launcher.core.LauncherFactory.class);
        if (own == null) {
            throw new UsageError("racepipe's JUnit Platform launcher jar was not found; put junit-platform-launcher on --cp");
        }
        if (!own.getFileName().toString().contains(version)) {
            notes.add("the tests' JUnit Platform is " + version + ", racepipe's launcher is " + own.getFileName()
                    + "; if JUnit refuses, put junit-platform-launcher-" + version + ".jar on --cp");
        }
        return List.of(own);
    }

    /** The runner's classes, from wherever racepipe's own classes load (a jar or a class folder). */
    static void copyRunner(Path dir) throws IOException {
        Path from = location(SuiteRunner.class);
        if (from == null) {
            throw new IOException("racepipe's test runner classes were not found");
        }
        String prefix = SuiteRunner.class.getPackageName().replace('.', '/') + "/";
        Files.createDirectories(dir);
        for (Map.Entry<String, byte[]> e : read(from).entrySet()) {
            if (e.getKey().startsWith(prefix) && e.getKey().endsWith(".class")) {
                Path f = dir.resolve(e.getKey());
                Files.createDirectories(f.getParent());
                Files.write(f, e.getValue());
            }
        }
    }

    static Path location(Class<?> c) {
        CodeSource src = c.getProtectionDomain().getCodeSource();
        if (src == null || src.getLocation() == null) {
            return null;
        }
        try {
            return Path.of(src.getLocation().toURI()).toAbsolutePath().normalize();
        } catch (URISyntaxException | IllegalArgumentException e) {
            return null;
        }
    }

    private static boolean isJar(Path p) {
        return Files.isRegularFile(p) && p.getFileName().toString().toLowerCase(java.util.Locale.ROOT).endsWith(".jar");
    }

    private static String pkg(String entry) {
        int slash = entry.lastIndexOf('/');
        return slash < 0 ? "" : entry.substring(0, slash);
    }

    /** Every file of a class folder or jar by its entry name. */
    static Map<String, byte[]> read(Path p) throws IOException {
        Map<String, byte[]> out = new LinkedHashMap<>();
        if (Files.isDirectory(p)) {
            List<Path> files;
            try (Stream<Path> s = Files.walk(p)) {
                files = s.filter(Files::isRegularFile).sorted().toList();
            }
            for (Path f : files) {
                out.put(p.relativize(f).toString().replace('\\', '/'), Files.readAllBytes(f));
            }
            return out;
        }
        try (ZipFile zip = new ZipFile(p.toFile())) {
            for (ZipEntry e : java.util.Collections.list(zip.entries())) {
                if (!e.isDirectory()) {
                    try (InputStream in = zip.getInputStream(e)) {
                        out.put(e.getName(), in.readAllBytes());
                    }
                }
            }
        } catch (java.util.zip.ZipException e) {
            throw new UsageError("not a jar: " + p + " (" + e.getMessage() + ")");
        }
        return out;
    }

    private static void write(Path jar, Map<String, byte[]> files) throws IOException {
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out)) {
            for (Map.Entry<String, byte[]> e : new TreeMap<>(files).entrySet()) {
                String name = e.getKey();
                if (name.equals("META-INF/MANIFEST.MF") || name.startsWith("META-INF/") && (name.endsWith(".SF")
                        || name.endsWith(".RSA") || name.endsWith(".DSA"))) {
                    continue;
                }
                ZipEntry z = new ZipEntry(name);
                z.setLastModifiedTime(EPOCH);
                j.putNextEntry(z);
                j.write(e.getValue());
                j.closeEntry();
            }
        }
    }
}
