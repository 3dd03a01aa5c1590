package racepipe.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The archive the build leaves in dist/target, unpacked elsewhere, run from yet another folder. */
class DistributionTest {
    static Path launcher;
    static Path elsewhere;

    record Ran(int code, String out) {
    }

    @BeforeAll
    static void unpack() throws Exception {
        Path archive;
        try (Stream<Path> s = Files.list(Cli.ROOT.resolve("dist/target"))) {
            archive = s.filter(p -> p.getFileName().toString().matches("racepipe-.*\\.tar\\.gz")).findFirst().orElseThrow();
        }
        Path home = Files.createTempDirectory("racepipe-install");
        assertThat(run(home, "tar", "xzf", archive.toString()).code()).isZero();
        try (Stream<Path> s = Files.list(home)) {
            launcher = s.findFirst().orElseThrow().resolve("bin/racepipe");
        }
        elsewhere = Files.createTempDirectory("racepipe-cwd");
    }

    static Ran run(Path cwd, String... cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).directory(cwd.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(2, TimeUnit.MINUTES)).isTrue();
        return new Ran(p.exitValue(), out);
    }

    @Test
    void the_unpacked_launcher_runs_from_any_folder_also_through_a_symlink() throws Exception {
        Ran v = run(elsewhere, launcher.toString(), "--version");
        assertThat(v.code()).as(v.out()).isZero();
        assertThat(v.out().strip()).startsWith("racepipe ");
        Path link = Files.createTempDirectory("racepipe-bin").resolve("racepipe");
        Files.createSymbolicLink(link, launcher);
        assertThat(run(elsewhere, link.toString(), "--version").out()).isEqualTo(v.out());
        assertThat(Files.isRegularFile(launcher.resolveSibling("../lib/racepipe-agent.jar").normalize())).isTrue();
    }

    @Test
    void completion_prints_a_bash_script_that_knows_the_commands() throws Exception {
        Ran c = run(elsewhere, launcher.toString(), "completion");
        assertThat(c.code()).isZero();
        assertThat(c.out()).contains("complete -F").contains("analyze").contains("--cp").contains("--baseline");
    }

    @Test
    void the_installed_confirm_runs_a_trial_under_the_agent_and_prints_a_replay_of_itself() throws Exception {
        UserApp app = UserApp.build();
        Ran r = run(elsewhere, launcher.toString(), "confirm", app.app.toString(), "--cp", app.lib.toString(),
                "--pair", UserApp.line("@C"), UserApp.line("@D"), "--trials", "3", "--jobs", "1");
        assertThat(r.code()).as(r.out()).isEqualTo(1);
        String replay = r.out().lines().filter(l -> l.startsWith("replay a race:")).findFirst().orElseThrow();
        assertThat(replay).contains(launcher.toString() + " replay ");
        List<String> cmd = List.of("bash", "-c", replay.substring(replay.indexOf(':') + 1).strip());
        Ran again = run(Files.createTempDirectory("racepipe-cwd"), cmd.toArray(String[]::new));
        assertThat(again.code()).as(again.out()).isEqualTo(1);
        assertThat(again.out()).contains("race on ");
    }
}
