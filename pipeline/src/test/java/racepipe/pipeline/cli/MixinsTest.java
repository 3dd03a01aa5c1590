package racepipe.pipeline.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The options the commands share: the program (jar, --entry, --cp, ARGS) and --jobs. */
class MixinsTest {
    @Test
    void the_program_should_be_the_jar_the_entry_and_the_args_after_dashes() {
        ConfirmCommand c = CommandLine.populateCommand(new ConfirmCommand(),
                "app.jar", "--entry", "a.Main", "--pair", "x", "y", "--", "-v", "--entry");
        AnalyzeCommand a = CommandLine.populateCommand(new AnalyzeCommand(), "app.jar", "--entry", "a.Main", "--", "-v", "--entry");
        DetectCommand d = CommandLine.populateCommand(new DetectCommand(), "app.jar", "--entry", "a.Main", "--", "-v", "--entry");
        ReplayCommand r = CommandLine.populateCommand(new ReplayCommand(),
                "app.jar", "--entry", "a.Main", "--pair", "x", "y", "--seed", "1", "--", "-v", "--entry");
        for (ProgramOptions app : new ProgramOptions[] {c.app, a.app, d.app, r.app}) {
            assertThat(app.jar).isEqualTo(Path.of("app.jar"));
            assertThat(app.entry).isEqualTo("a.Main");
            assertThat(app.args).containsExactly("-v", "--entry");
        }
    }

    @Test
    void cp_should_split_at_colons_and_add_up_over_repeats_on_every_command() {
        String[] cp = {"--cp", "a.jar:lib/classes", "--cp", "b.jar"};
        List<Path> want = List.of(Path.of("a.jar"), Path.of("lib/classes"), Path.of("b.jar"));
        assertThat(CommandLine.populateCommand(new AnalyzeCommand(), with("app.jar", cp)).app.classPath()).isEqualTo(want);
        assertThat(CommandLine.populateCommand(new DetectCommand(), with("app.jar", cp)).app.classPath()).isEqualTo(want);
        assertThat(CommandLine.populateCommand(new StaticCommand(), with("app.jar", cp)).app.classPath()).isEqualTo(want);
        assertThat(CommandLine.populateCommand(new ConfirmCommand(), with("app.jar", cp, "--pair", "x", "y")).app.classPath())
                .isEqualTo(want);
        assertThat(CommandLine.populateCommand(new ReplayCommand(), with("app.jar", cp, "--pair", "x", "y", "--seed", "1"))
                .app.classPath()).isEqualTo(want);
    }

    @Test
    void entry_should_be_optional_for_the_manifest_to_name_it() {
        assertThat(CommandLine.populateCommand(new AnalyzeCommand(), "app.jar").app.entry).isNull();
    }

    @Test
    void jobs_should_default_to_the_cores_and_be_at_least_1() {
        ConfirmCommand c = CommandLine.populateCommand(new ConfirmCommand(), "app.jar", "--entry", "E", "--pair", "a", "b");
        assertThat(c.jobs.count()).isEqualTo(Math.max(1, Runtime.getRuntime().availableProcessors()));
        c = CommandLine.populateCommand(new ConfirmCommand(), "app.jar", "--entry", "E", "--pair", "a", "b", "--jobs", "3");
        assertThat(c.jobs.count()).isEqualTo(3);
        assertThat(JobsOption.of(0).count()).isEqualTo(1);
    }

    private static String[] with(String jar, String[] cp, String... more) {
        List<String> all = new java.util.ArrayList<>(List.of(jar));
        all.addAll(List.of(cp));
        all.addAll(List.of(more));
        return all.toArray(String[]::new);
    }
}
