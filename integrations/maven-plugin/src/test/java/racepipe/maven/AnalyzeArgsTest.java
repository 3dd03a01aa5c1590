package racepipe.maven;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AnalyzeArgsTest {
    @TempDir
    Path tmp;

    @Test
    void of_should_give_the_jar_its_dependencies_and_the_settings() throws IOException {
        Path classes = Files.createDirectories(tmp.resolve("target/classes"));
        Path jar = Files.createFile(tmp.resolve("target/demo-1.0.jar"));
        Path lib = Files.createFile(tmp.resolve("lib.jar"));
        Path src = Files.createDirectories(tmp.resolve("src/main/java"));
        List<String> cli = AnalyzeArgs.of(new AnalyzeArgs.Settings(jar, classes, List.of(classes.toString(), lib.toString()),
                "demo.Main", List.of("x"), "5m", new File("old/report.json"), null, 20, null, tmp.resolve("target/racepipe"),
                List.of(src.toString(), tmp.resolve("missing").toString())));
        assertThat(cli).containsExactly("analyze", jar.toString(), "--cp", lib.toString(), "--entry", "demo.Main",
                "--budget", "5m", "--out", tmp.resolve("target/racepipe").toString(), "--baseline", "old/report.json",
                "--trials", "20", "--source-root", src.toString(), "--", "x");
    }

    @Test
    void of_should_leave_entry_to_the_manifest_when_not_given() throws IOException {
        Path classes = Files.createDirectories(tmp.resolve("classes"));
        List<String> cli = AnalyzeArgs.of(new AnalyzeArgs.Settings(classes, classes, List.of(classes.toString()), null, null, "10m",
                null, null, null, null, tmp, List.of()));
        assertThat(cli).containsExactly("analyze", classes.toString(), "--budget", "10m", "--out", tmp.toString());
    }

    @Test
    void of_should_pass_each_jvm_arg_as_one_word() throws IOException {
        Path classes = Files.createDirectories(tmp.resolve("classes"));
        List<String> cli = AnalyzeArgs.of(new AnalyzeArgs.Settings(classes, classes, List.of(), "demo.Main", List.of("x"), "10m",
                null, null, null, null, tmp, List.of(), List.of("--add-opens=java.base/java.lang=ALL-UNNAMED", " ", "-Xmx1g")));
        assertThat(cli).containsExactly("analyze", classes.toString(), "--entry", "demo.Main",
                "--jvm-arg=--add-opens=java.base/java.lang=ALL-UNNAMED", "--jvm-arg=-Xmx1g", "--budget", "10m", "--out", tmp.toString(),
                "--", "x");
    }
}
