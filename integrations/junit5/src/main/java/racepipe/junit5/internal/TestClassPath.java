package racepipe.junit5.internal;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import racepipe.pipeline.input.JarManifest;

/**
 * The test JVM's class path, split for analyze: the program (the class folders: test and main
 * classes, which racepipe reports at their own lines) and its dependencies (the jars). Surefire
 * may run tests from a manifest-only jar: its {@code surefire.test.class.path} property, else the
 * jars' manifest Class-Path, give the real path. racepipe's own tool jars (pipeline, engines, agent)
 * are left out: the program does not need them and the static engine need not read them.
 */
public record TestClassPath(List<Path> app, List<Path> deps) {
    /** Jars of racepipe's tool (by file name, as Maven names them or racepipe's build does). */
    static final Pattern TOOL = Pattern.compile("(racepipe-(pipeline|static-analysis|dynamic-confirm|contract|agent|maven-plugin)"
            + "([-.].*)?|com\\.ibm\\.wala\\..*|sootup\\..*|picocli-.*|progressbar-.*|jline-.*)\\.jar");

    /** The entries of the test JVM's class path, manifest-only jars followed. */
    public static List<Path> entries(String surefireTestClassPath, String javaClassPath) {
        String cp = surefireTestClassPath != null && !surefireTestClassPath.isBlank() ? surefireTestClassPath : javaClassPath;
        Set<Path> out = new LinkedHashSet<>();
        for (String e : (cp == null ? "" : cp).split(File.pathSeparator)) {
            if (e.isBlank()) {
                continue;
            }
            Path p = Path.of(e).toAbsolutePath().normalize();
            if (!Files.exists(p)) {
                continue;
            }
            out.add(p);
            if (Files.isRegularFile(p)) {
                try {
                    for (Path q : JarManifest.of(p).classPath()) {
                        if (Files.exists(q)) {
                            out.add(q.toAbsolutePath().normalize());
                        }
                    }
                } catch (RuntimeException notAJar) {
                    // not a jar: the JVM ignores it too
                }
            }
        }
        return new ArrayList<>(out);
    }

    /**
     * The program's folders and its dependencies. {@code tool}: where racepipe's classes load from
     * (left out), {@code probe}: racepipe-junit5's own location (a dependency: the launcher calls
     * its probe), {@code testClasses}: the test class's folder (always in the program).
     */
    public static TestClassPath split(List<Path> entries, Set<Path> tool, Path probe, Path testClasses) {
        List<Path> app = new ArrayList<>();
        List<Path> deps = new ArrayList<>();
        if (testClasses != null) {
            app.add(testClasses);
        }
        for (Path p : entries) {
            if (p.equals(testClasses) || isTool(p, tool)) {
                continue;
            }
            if (Files.isDirectory(p) && !p.equals(probe)) {
                app.add(p);
            } else {
                deps.add(p);
            }
        }
        if (probe != null && !deps.contains(probe)) {
            deps.add(probe);
        }
        return new TestClassPath(List.copyOf(app), List.copyOf(deps));
    }

    static boolean isTool(Path p, Set<Path> tool) {
        return tool.contains(p) || (p.getFileName() != null && TOOL.matcher(p.getFileName().toString()).matches());
    }
}
