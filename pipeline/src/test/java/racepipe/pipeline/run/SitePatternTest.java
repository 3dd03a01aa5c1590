package racepipe.pipeline.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import racepipe.pipeline.input.UsageError;
import racepipe.pipeline.model.SiteInfo;

class SitePatternTest {
    static final SiteInfo READ = SiteInfo.of("shop/Main", "main", "([Ljava/lang/String;)V", 30, "Main.java", 13, false);
    static final SiteInfo WRITE = SiteInfo.of("shop/Main", "main", "([Ljava/lang/String;)V", 35, "Main.java", 13, true);

    @Test
    void a_file_line_names_every_access_on_the_line_whatever_folders_precede_it() {
        SitePattern p = SitePattern.parse("src/shop/Main.java:13");
        assertThat(p.byLine()).isTrue();
        assertThat(p.matches(READ)).isTrue();
        assertThat(p.matches(WRITE)).isTrue();
        assertThat(SitePattern.parse("Main.java:14").matches(READ)).isFalse();
        assertThat(SitePattern.parse("Other.java:13").matches(READ)).isFalse();
    }

    @Test
    void a_method_at_bci_and_a_key_name_one_instruction() {
        assertThat(SitePattern.parse("shop.Main.main@35").matches(WRITE)).isTrue();
        assertThat(SitePattern.parse("shop.Main.main@35").matches(READ)).isFalse();
        assertThat(SitePattern.parse(WRITE.key()).matches(WRITE)).isTrue();
        assertThat(SitePattern.parse(WRITE.key()).matches(READ)).isFalse();
    }

    @Test
    void anything_else_is_one_line_of_usage() {
        assertThatThrownBy(() -> SitePattern.parse("Main.java:x")).isInstanceOf(UsageError.class).hasMessageContaining("line number");
        assertThatThrownBy(() -> SitePattern.parse("visits")).isInstanceOf(UsageError.class).hasMessageContaining("not a site");
        assertThatThrownBy(() -> SitePattern.parse("a.B.m@x")).isInstanceOf(UsageError.class).hasMessageContaining("bytecode index");
    }
}
