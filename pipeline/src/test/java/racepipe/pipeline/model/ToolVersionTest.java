package racepipe.pipeline.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The version comes from the pom alone (surefire passes the pom's version as racepipe.pomVersion). */
class ToolVersionTest {
    static final String POM = System.getProperty("racepipe.pomVersion");

    @Test
    void the_version_should_be_the_poms() {
        assertThat(POM).isNotBlank();
        assertThat(ToolVersion.get()).isEqualTo(POM);
    }

    @Test
    void the_tool_block_of_a_result_file_should_carry_it() {
        assertThat(ProgramInfo.tool().version()).isEqualTo(POM);
    }
}
