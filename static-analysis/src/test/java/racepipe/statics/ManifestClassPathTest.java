package racepipe.statics;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import racepipe.statics.internal.ClassPathEntries;

/**
 * The engines read a class path as the JVM does: a jar's manifest Class-Path entries are searched
 * after it, relative to its folder; entries that do not exist are skipped and noted (Derby's jars
 * name derbyLocale_*.jar files that are not there: WALA's reader threw UnimplementedError on them;
 * DependencyLiftTest's dependency jar names two such jars).
 */
class ManifestClassPathTest {
    @TempDir
    Path dir;

    @Test
    void manifest_entries_follow_their_jar_and_missing_ones_are_skipped_and_noted() throws IOException {
        Path more = emptyJar(dir.resolve("lib/more.jar"), "deeper.jar more.jar");
        Path deeper = emptyJar(dir.resolve("lib/deeper.jar"), null);
        Path dep = emptyJar(dir.resolve("dep.jar"), "locale-cs.jar lib/more.jar");
        Path app = emptyJar(dir.resolve("app.jar"), null);
        Path other = emptyJar(dir.resolve("other.jar"), "lib/deeper.jar");

        ClassPathEntries.Expanded e = ClassPathEntries.of(new AnalysisInput(List.of(app, dep, other), "x.Main", dir, List.of(dep, other)));

        assertThat(e.input().application()).extracting(p -> p.toAbsolutePath().normalize())
                .containsExactly(app, dep, more, deeper, other); // deeper once, where it first came
        assertThat(e.input().dependencies()).extracting(p -> p.toAbsolutePath().normalize())
                .containsExactly(dep, more, deeper, other);
        assertThat(e.skipped()).containsExactly("locale-cs.jar (named in dep.jar's manifest)");
    }

    private static Path emptyJar(Path jar, String classPath) throws IOException {
        Files.createDirectories(jar.getParent());
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        if (classPath != null) {
            m.getMainAttributes().put(Attributes.Name.CLASS_PATH, classPath);
        }
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out, m)) {
            j.putNextEntry(new JarEntry("x/"));
            j.closeEntry();
        }
        return jar.toAbsolutePath().normalize();
    }
}
