package racepipe.pipeline.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import racepipe.pipeline.input.ProgramInput;

class ChildJvmTest {
    static final ProgramInput PROGRAM = new ProgramInput(Path.of("/app.jar"), "app.Main", List.of("x"), List.of(Path.of("/lib.jar")));

    @TempDir
    Path home;
    String before;

    /** An installed racepipe's layout (lib/racepipe-agent.jar): the command names the agent, it need not run. */
    @BeforeEach
    void install() throws Exception {
        Files.createDirectories(home.resolve("lib"));
        Files.createFile(home.resolve("lib/racepipe-agent.jar"));
        before = System.setProperty("racepipe.home", home.toString());
    }

    @AfterEach
    void uninstall() {
        if (before == null) {
            System.clearProperty("racepipe.home");
        } else {
            System.setProperty("racepipe.home", before);
        }
    }

    @Test
    void command_should_give_the_users_jvm_options_after_racepipes_and_before_the_agent() {
        List<String> cmd = ChildJvm.command(PROGRAM.withJvmArgs(List.of("--add-opens=java.base/java.lang=ALL-UNNAMED", "-Xmx3g")),
                "sites=a,b", "", "racepipe.dynamic.run.TrialWorker", List.of("arg"));
        int opens = cmd.indexOf("--add-opens=java.base/java.lang=ALL-UNNAMED");
        int agent = cmd.indexOf(cmd.stream().filter(c -> c.startsWith("-javaagent:")).findFirst().orElseThrow());
        assertThat(opens).isPositive().isLessThan(agent);
        assertThat(cmd.get(opens + 1)).isEqualTo("-Xmx3g");
        assertThat(cmd.indexOf("-XX:TieredStopAtLevel=1")).isLessThan(opens);
        assertThat(cmd.get(agent)).endsWith("=sites=a,b|deps=/lib.jar");
        assertThat(cmd).endsWith("racepipe.dynamic.run.TrialWorker", "arg").contains("-XX:+UseSerialGC");
    }

    @Test
    void command_should_leave_the_collector_to_a_user_who_picks_one() {
        List<String> cmd = ChildJvm.command(PROGRAM.withJvmArgs(List.of("-XX:+UseG1GC")), "", "", "M", List.of());
        assertThat(cmd).contains("-XX:+UseG1GC").doesNotContain("-XX:+UseSerialGC");
        assertThat(ChildJvm.choosesCollector("-XX:+UseZGC")).isTrue();
        assertThat(ChildJvm.choosesCollector("-XX:+UseTransparentHugePages")).isFalse();
    }

    @Test
    void replay_commands_should_carry_the_jvm_options() {
        ProgramInput p = PROGRAM.withJvmArgs(List.of("--add-opens=java.base/java.lang=ALL-UNNAMED", "-Dk=a b"));
        assertThat(Replay.jvmArgOptions(p)).isEqualTo(" --jvm-arg=--add-opens=java.base/java.lang=ALL-UNNAMED '--jvm-arg=-Dk=a b'");
        assertThat(Exploration.replayCommand(p, "1.2")).contains(" --jvm-arg=--add-opens=java.base/java.lang=ALL-UNNAMED '--jvm-arg=-Dk=a b'");
        assertThat(Replay.jvmArgOptions(PROGRAM)).isEmpty();
    }
}
