package racepipe.junit5.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestClassPathTest {
    @TempDir
    Path tmp;

    private Path jar(String name, String classPath) throws IOException {
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        if (classPath != null) {
            m.getMainAttributes().put(Attributes.Name.CLASS_PATH, classPath);
        }
        Path jar = tmp.resolve(name);
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out, m)) {
            j.closeEntry();
        }
        return jar;
    }

    @Test
    void entries_should_follow_a_manifest_only_jar() throws IOException {
        Path classes = Files.createDirectories(tmp.resolve("target/test-classes"));
        Path lib = jar("lib-1.0.jar", null);
        Path booter = jar("surefirebooter1.jar", classes.toUri() + " lib-1.0.jar");
        assertThat(TestClassPath.entries(null, booter.toString())).containsExactly(booter, classes, lib);
    }

    @Test
    void entries_should_prefer_surefire_test_class_path() throws IOException {
        Path classes = Files.createDirectories(tmp.resolve("classes"));
        Path lib = jar("lib-1.0.jar", null);
        String cp = classes + File.pathSeparator + lib + File.pathSeparator + tmp.resolve("missing.jar");
        assertThat(TestClassPath.entries(cp, "surefirebooter.jar")).containsExactly(classes, lib);
    }

    @Test
    void split_should_keep_folders_as_the_program_and_leave_racepipe_out() throws IOException {
        Path testClasses = Files.createDirectories(tmp.resolve("test-classes"));
        Path classes = Files.createDirectories(tmp.resolve("classes"));
        Path probe = jar("racepipe-junit5-0.1.0.jar", null);
        Path pipeline = jar("racepipe-pipeline-0.1.0.jar", null);
        Path wala = jar("com.ibm.wala.core-1.6.12.jar", null);
        Path guava = jar("guava-33.6.0-jre.jar", null);
        Path agentFolder = Files.createDirectories(tmp.resolve("agent-classes"));
        TestClassPath cp = TestClassPath.split(List.of(testClasses, classes, probe, pipeline, wala, guava, agentFolder),
                Set.of(agentFolder), probe, testClasses);
        assertThat(cp.app()).containsExactly(testClasses, classes);
        assertThat(cp.deps()).containsExactly(probe, guava);
    }
}
