package racepipe.pipeline.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The options confirm and analyze share: the program and --jobs. */
class MixinsTest {
    @Test
    void the_program_should_be_the_jar_the_entry_and_the_args_after_dashes() {
        ConfirmCommand c = CommandLine.populateCommand(new ConfirmCommand(),
                "app.jar", "--entry", "a.Main", "--pair", "x", "y", "--", "-v", "--entry");
        AnalyzeCommand a = CommandLine.populateCommand(new AnalyzeCommand(), "app.jar", "--entry", "a.Main", "--", "-v", "--entry");
        for (ProgramOptions app : new ProgramOptions[] {c.app, a.app}) {
            assertThat(app.jar).isEqualTo(Path.of("app.jar"));
            assertThat(app.entry).isEqualTo("a.Main");
            assertThat(app.args).containsExactly("-v", "--entry");
        }
    }

    @Test
    void jobs_should_default_to_the_cores_and_be_at_least_1() {
        ConfirmCommand c = CommandLine.populateCommand(new ConfirmCommand(), "app.jar", "--entry", "E", "--pair", "a", "b");
        assertThat(c.jobs.count()).isEqualTo(Math.max(1, Runtime.getRuntime().availableProcessors()));
        c = CommandLine.populateCommand(new ConfirmCommand(), "app.jar", "--entry", "E", "--pair", "a", "b", "--jobs", "3");
        assertThat(c.jobs.count()).isEqualTo(3);
        assertThat(JobsOption.of(0).count()).isEqualTo(1);
    }
}
