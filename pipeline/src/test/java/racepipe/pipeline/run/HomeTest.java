package racepipe.pipeline.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HomeTest {
    @TempDir
    Path tmp;

    private Path jar(String name, boolean premain) throws IOException {
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        if (premain) {
            m.getMainAttributes().putValue("Premain-Class", "racepipe.dynamic.agent.Agent");
        }
        Path jar = tmp.resolve(name);
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out, m)) {
            j.closeEntry();
        }
        return jar;
    }

    @Test
    void isAgent_should_want_a_premain_class() throws IOException {
        assertThat(Home.isAgent(jar("racepipe-dynamic-confirm-0.1.0.jar", true))).isTrue();
        assertThat(Home.isAgent(jar("plain.jar", false))).isFalse();
        assertThat(Home.isAgent(tmp.resolve("missing.jar"))).isFalse();
    }

    @Test
    void named_should_copy_once_under_the_name_boot_class_path_gives() throws IOException {
        Path repoJar = jar("racepipe-dynamic-confirm-0.1.0.jar", true);
        Path named = Home.named(repoJar, tmp.resolve("t"));
        assertThat(named.getFileName()).hasToString("racepipe-agent.jar");
        assertThat(named).hasSameBinaryContentAs(repoJar);
        assertThat(Home.named(repoJar, tmp.resolve("t"))).isEqualTo(named);
    }
}
