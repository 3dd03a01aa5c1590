package racepipe.pipeline.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class JvmArgsTest {
    @Test
    void check_should_keep_jvm_options_in_their_order() {
        List<String> given = List.of("--add-opens=java.base/java.lang=ALL-UNNAMED", "-Xmx2g", "-Dk=v", "--add-opens",
                "java.base/java.util=ALL-UNNAMED");
        assertThat(JvmArgs.check(given)).containsExactlyElementsOf(given);
    }

    @Test
    void check_should_refuse_what_is_no_option_or_what_racepipe_sets_itself() {
        assertThatThrownBy(() -> JvmArgs.check(List.of("Xmx2g"))).isInstanceOf(UsageError.class)
                .hasMessageStartingWith("--jvm-arg Xmx2g: not a JVM option");
        assertThatThrownBy(() -> JvmArgs.check(List.of("-cp"))).isInstanceOf(UsageError.class)
                .hasMessageContaining("with --cp PATH");
        assertThatThrownBy(() -> JvmArgs.check(List.of("--class-path=x.jar"))).isInstanceOf(UsageError.class)
                .hasMessageContaining("with --cp PATH");
        assertThatThrownBy(() -> JvmArgs.check(List.of("-jar"))).isInstanceOf(UsageError.class)
                .hasMessageContaining("APP.jar and --entry CLASS");
        assertThatThrownBy(() -> JvmArgs.check(List.of("-javaagent:x.jar"))).isInstanceOf(UsageError.class)
                .hasMessageContaining("its own agent");
    }
}
