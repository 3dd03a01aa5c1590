package racepipe.pipeline.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InputStream;
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

class ProgramInputTest {
    static final String HELLO = "racepipe.pipeline.input.Hello";

    @TempDir
    Path tmp;

    /** A jar holding Hello, with these manifest attributes. */
    Path jar(String name, String... attributes) throws Exception {
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        for (int i = 0; i < attributes.length; i += 2) {
            m.getMainAttributes().putValue(attributes[i], attributes[i + 1]);
        }
        Path jar = tmp.resolve(name);
        Files.createDirectories(jar.getParent());
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out, m);
             InputStream cls = Hello.class.getResourceAsStream("Hello.class")) {
            j.putNextEntry(new JarEntry(HELLO.replace('.', '/') + ".class"));
            j.write(cls.readAllBytes());
            j.closeEntry();
        }
        return jar;
    }

    @Test
    void without_entry_the_manifests_main_class_is_the_entry() throws Exception {
        ProgramInput p = ProgramInput.check(jar("app.jar", "Main-Class", HELLO), null, List.of("x"), List.of());
        assertThat(p.entry()).isEqualTo(HELLO);
        assertThat(p.args()).containsExactly("x");
        assertThat(ProgramInput.check(jar("app.jar", "Main-Class", "nope.Main"), HELLO, List.of(), List.of()).entry())
                .isEqualTo(HELLO); // --entry wins
    }

    @Test
    void without_entry_or_main_class_it_is_one_line_of_usage() throws Exception {
        Path jar = jar("plain.jar");
        assertThatThrownBy(() -> ProgramInput.check(jar, null, List.of(), List.of())).isInstanceOf(UsageError.class)
                .hasMessage("no entry class: plain.jar names no Main-Class in its manifest; give --entry CLASS");
        Files.writeString(tmp.resolve("bad.jar"), "not a zip");
        assertThatThrownBy(() -> ProgramInput.check(tmp.resolve("bad.jar"), null, List.of(), List.of()))
                .isInstanceOf(UsageError.class).hasMessageStartingWith("not a jar: ");
    }

    @Test
    void the_class_path_is_cp_then_the_manifests_class_path_relative_to_the_jar() throws Exception {
        Path dep = jar("libs/dep.jar");
        Path other = jar("other.jar");
        Files.createDirectories(tmp.resolve("app/classes"));
        Path app = jar("app/app.jar", "Main-Class", HELLO, "Class-Path", "../libs/dep.jar classes/ missing.jar");
        ProgramInput p = ProgramInput.check(app, null, List.of(), List.of(other, dep));
        assertThat(p.classPath()).containsExactly(other, dep, tmp.resolve("app/classes")); // missing.jar skipped, as java does
        assertThat(p.paths()).first().isEqualTo(app);
        assertThat(p.classPathString()).isEqualTo(String.join(java.io.File.pathSeparator, app.toString(), other.toString(),
                dep.toString(), tmp.resolve("app/classes").toString()));
    }

    @Test
    void cp_takes_dir_star_for_its_jars_and_refuses_what_is_not_there() throws Exception {
        Path a = jar("lib/a.jar"), b = jar("lib/b.jar");
        Files.writeString(tmp.resolve("lib/notes.txt"), "");
        Path app = jar("app.jar", "Main-Class", HELLO);
        assertThat(ProgramInput.check(app, null, List.of(), List.of(tmp.resolve("lib/*"))).classPath()).containsExactly(a, b);
        assertThatThrownBy(() -> ProgramInput.check(app, null, List.of(), List.of(tmp.resolve("nope.jar"))))
                .isInstanceOf(UsageError.class).hasMessage("no such jar or folder on --cp: " + tmp.resolve("nope.jar"));
    }
}
