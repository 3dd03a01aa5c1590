package racepipe.pipeline.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import racepipe.pipeline.input.ProgramInput;
import racepipe.pipeline.tests.runner.SuiteRunner;

/** Which entries a test program's workers load once: the runner and JUnit's jars, never the project's. */
class HarnessJarsTest {
    @Test
    void the_runner_and_junit_should_be_the_harness_and_the_project_should_not(@TempDir Path dir) throws Exception {
        Path runner = dir.resolve("runner");
        Files.createDirectories(runner.resolve("racepipe/pipeline/tests/runner"));
        Files.write(runner.resolve("racepipe/pipeline/tests/runner/SuiteRunner.class"), new byte[] {0});
        Path jupiter = dir.resolve("junit-jupiter-api-5.11.4.jar");
        Path junit4 = dir.resolve("junit-4.13.2.jar");
        Path hamcrest = dir.resolve("hamcrest-core-1.3.jar");
        Path lang = dir.resolve("commons-lang3-3.17.0.jar");
        Path junitish = dir.resolve("junit-pioneer-2.0.jar");
        ProgramInput p = new ProgramInput(dir.resolve("program.jar"), SuiteRunner.class.getName(), List.of("test", "uid:x"),
                List.of(runner, jupiter, lang, junit4, hamcrest, junitish));
        List<Path> harness = HarnessJars.of(p);
        assertThat(harness).containsExactly(runner, jupiter, junit4, hamcrest);
        assertThat(HarnessJars.rest(p, harness)).containsExactly(dir.resolve("program.jar"), lang, junitish);
    }

    @Test
    void a_program_that_is_not_a_test_run_should_have_no_harness(@TempDir Path dir) {
        ProgramInput p = new ProgramInput(dir.resolve("app.jar"), "app.Main", List.of(), List.of(dir.resolve("junit-4.13.2.jar")));
        assertThat(HarnessJars.of(p)).isEmpty();
    }
}
